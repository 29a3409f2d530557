import torch
import torch.nn as nn
from data import CactusTiles
from model import TileNet
import torchvision.transforms as transforms
from torch.utils.data import Dataset, DataLoader
from tqdm import tqdm
from sklearn.model_selection import train_test_split


def fit(net, fit_loader, hold_loader, opt, crit, n_epochs):

    fit_hist = []
    hold_hist = []
    for ep in range(1, n_epochs + 1):

        fit_loss = 0
        hold_loss = 0
        n_seen = 0
        n_right = 0

        for tile, target in tqdm(fit_loader):

            
            out = net(tile)

            opt.zero_grad()

            loss = crit(out, target)

            loss.backward()

            opt.step()

            fit_loss += loss.item()* tile.size(0)


        
        net.eval()

        for tile, target in tqdm(hold_loader):

            out = net(tile)

            loss = crit(out, target)

            hold_loss += loss.item() * tile.size(0)

            _, guess = torch.max(out.data, 1)

            n_seen += target.size(0)
            
            n_right += (guess == target).sum().item()



        fit_loss = fit_loss/len(fit_loader.sampler)
        fit_hist.append(fit_loss)

        hold_loss = hold_loss/len(hold_loader.sampler)
        hold_hist.append(hold_loss)

        print("epoch {}  fit loss {}  held-out loss {}  held-out acc {}".format(ep, fit_loss, hold_loss, 100*(n_right/n_seen)))

        torch.save(net.state_dict(), 'models/model.ckpt')





if __name__ == '__main__':


    tiles_dir = '/data/cactus/train'
    table_csv = '/data/cactus/train.csv'

    n_epochs = 50
    bs = 256
    lr = 0.001
    side = 255

    net = TileNet()

    tfm = transforms.Compose([transforms.ToPILImage(),
                                    transforms.Resize((side,side)),
                                    transforms.ToTensor(),
                                    transforms.Normalize([0.485, 0.456, 0.406],[0.229, 0.224, 0.225])])


    tiles = CactusTiles(tiles_dir, table_csv, tfm)

    fit_set, hold_set = train_test_split(tiles, test_size=0.2, random_state=42)


    fit_loader = DataLoader(fit_set, batch_size = bs)
    hold_loader = DataLoader(hold_set, batch_size = bs)

    opt = torch.optim.Adam(net.parameters(), lr=lr)

    crit = nn.CrossEntropyLoss()

    fit(net, fit_loader, hold_loader, opt, crit, n_epochs)
