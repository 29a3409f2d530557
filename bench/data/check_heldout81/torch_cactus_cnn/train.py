import torch
import torch.nn as nn
from data import CsvImageSet
from model import SmallConvNet
import torchvision.transforms as transforms
from torch.utils.data import Dataset, DataLoader
from tqdm import tqdm
from sklearn.model_selection import train_test_split


def fit(net, tr_loader, va_loader, opt, loss_fn, n_epochs):

    tr_hist = []
    va_hist = []
    for ep in range(1, n_epochs + 1):

        tr_loss = 0
        va_loss = 0
        seen = 0
        hits = 0

        for img, target in tqdm(tr_loader):

            
            out = net(img)

            opt.zero_grad()

            loss = loss_fn(out, target)

            loss.backward()

            opt.step()

            tr_loss += loss.item()* img.size(0)


        
        net.eval()

        for img, target in tqdm(va_loader):

            out = net(img)

            loss = loss_fn(out, target)

            va_loss += loss.item() * img.size(0)

            _, guess = torch.max(out.data, 1)

            seen += target.size(0)
            
            hits += (guess == target).sum().item()



        tr_loss = tr_loss/len(tr_loader.sampler)
        tr_hist.append(tr_loss)

        va_loss = va_loss/len(va_loader.sampler)
        va_hist.append(va_loss)

        print("ep: {}\ttrain loss: {}\t val loss: {}\t val acc: {}".format(ep, tr_loss, va_loss, 100*(hits/seen)))

        torch.save(net.state_dict(), 'models/model.ckpt')





if __name__ == '__main__':


    img_root = '/data/cactus/train'
    csv_path = '/data/cactus/train.csv'

    n_epochs = 50
    bs = 256
    lr = 0.001
    side = 255

    net = SmallConvNet()

    tfm = transforms.Compose([transforms.ToPILImage(),
                                    transforms.Resize((side,side)),
                                    transforms.ToTensor(),
                                    transforms.Normalize([0.485, 0.456, 0.406],[0.229, 0.224, 0.225])])


    full = CsvImageSet(img_root, csv_path, tfm)

    tr_set, va_set = train_test_split(full, test_size=0.2, random_state=42)


    tr_loader = DataLoader(tr_set, batch_size = bs)
    va_loader = DataLoader(va_set, batch_size = bs)

    opt = torch.optim.Adam(net.parameters(), lr=lr)

    loss_fn = nn.CrossEntropyLoss()

    fit(net, tr_loader, va_loader, opt, loss_fn, n_epochs)

