import torch
import torch.nn as nn
import torch.nn.functional as F
from utils import plot_curves

class SteerNet(nn.Module):
    """Doc.

















    """
    def __init__(self, batch_size):
        super(SteerNet, self).__init__()

        self.lin_in0 = 1

        self.conv_1 = nn.Conv2d(in_channels=3, out_channels=24, kernel_size=(5,5), stride=(2,2))
        self.conv_2 = nn.Conv2d(in_channels=24, out_channels=36, kernel_size=(5,5), stride=(2,2))
        self.conv_3 = nn.Conv2d(in_channels=36, out_channels=48, kernel_size=(5,5), stride=(2,2))
        self.conv_4 = nn.Conv2d(in_channels=48, out_channels=64, kernel_size=(3, 3), stride=(1, 1))
        self.conv_5 = nn.Conv2d(in_channels=64, out_channels=64, kernel_size=(3, 3), stride=(1, 1))
        self.drop = nn.Dropout(p=0.5, inplace=False)

        _ = self._features(torch.randn((batch_size,3,66,200)))

        self.lin1 = nn.Linear(self.flat_dim,100)
        self.lin2 = nn.Linear(100, 50)
        self.lin3 = nn.Linear(51, 10)
        self.lin4 = nn.Linear(10, 3)

    def _features(self, image):
        """Doc.

        """

        image = image / 127.5 - 1

        conv1 = F.elu(self.conv_1(image), alpha=0.3)
        conv2 = F.elu(self.conv_2(conv1), alpha=0.3)
        conv3 = F.elu(self.conv_3(conv2), alpha=0.3)
        conv4 = F.elu(self.conv_4(conv3), alpha=0.3)
        conv5 = F.elu(self.conv_5(conv4), alpha=0.3)
        drop = self.drop(conv5)
        flat = torch.flatten(drop, start_dim=1, end_dim=3)
        self.flat_dim = flat.shape[1]

        return flat

    def forward(self, sample):
        """Doc.

        """
        flat = self._features(sample[0])
        lin1 = F.elu(self.lin1(flat), alpha=0.3)
        lin2 = F.elu(self.lin2(lin1), alpha=0.3)
        with_speed = torch.cat((lin2,sample[1]), 1)
        lin3 = F.elu(self.lin3(with_speed), alpha=0.3)
        lin4 = self.lin4(lin3)

        return lin4.squeeze()


def train(net, device, epochs, lr, train_dl, val_dl):
    model = net.to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    crit = nn.MSELoss(reduction='sum') # note
    tr_hist, va_hist = [], []
    tr_epoch = torch.tensor([])
    va_epoch = torch.tensor([]) # note
    best_val= torch.tensor(1000000)

    for i in range(epochs):
        print("epoch " + str(i+1) + " of " + str(epochs))
        # note
        model.train()
        for xb, spd, yb in train_dl:
            xb, spd, yb = xb.to(device).float(),spd.to(device).float(), yb.to(device).float()
            xb = xb.permute(0,3,1,2)
            outputs = model((xb,spd.unsqueeze(0).T))
            loss = crit(outputs, yb)
            tr_epoch = torch.cat((loss.cpu().unsqueeze(dim=0), tr_epoch), 0)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()

        tr_mean = tr_epoch.mean()
        tr_hist.append(tr_mean)
        tr_epoch = torch.tensor([])
        print(f"train loss {tr_mean}")

        # note
        model.eval();

        with torch.no_grad():
            for vxb, vspd, vyb in val_dl:
                vxb, vyb = vxb.to(device).float(), vyb.to(device).float()
                vspd = vspd.to(device).float()
                vxb = vxb.permute(0,3,1,2)

                outputs = model((vxb, vspd.unsqueeze(0).T))
                vloss = crit(outputs, vyb)
                va_epoch = torch.cat((vloss.cpu().unsqueeze(dim=0), va_epoch), 0)

        va_mean = va_epoch.mean()
        va_hist.append(va_mean)
        va_epoch = torch.tensor([])

        print(f"val loss {va_mean}\n")


        if va_mean < best_val:
            best_val = va_mean
            ckpt_name = 'steer' + '_top.pt'
            torch.save(model, ckpt_name)


    plot_curves(tr_curve=tr_hist, va_curve=va_hist, epochs=epochs, kind="Losses")


