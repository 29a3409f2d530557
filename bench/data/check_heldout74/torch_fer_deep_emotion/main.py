from __future__ import print_function
import argparse
import numpy  as np
from PIL import Image
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision
import torch.optim as optim
from torch.utils.data import DataLoader, Dataset
from torch.utils.data.sampler import SubsetRandomSampler
from torchvision import transforms

from data_loaders import Plain_Dataset, eval_data_dataloader
from deep_emotion import Deep_Emotion
from generate_data import Generate_data

device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

def Train(n_epochs,tr_loader,va_loader,crit,opt,device):
    '''
    epoch loop: one training pass and one validation pass per epoch
    '''
    print("----------------------------------- training -----------------------------------")
    for e in range(n_epochs):
        tr_loss = 0
        va_loss_sum = 0
        tr_hits = 0
        va_hits = 0
        # training pass #
        net.train()
        for x, y in tr_loader:
            x, y = x.to(device), y.to(device)
            opt.zero_grad()
            out = net(x)
            loss = crit(out,y)
            loss.backward()
            opt.step()
            tr_loss += loss.item()
            _, guess = torch.max(out,1)
            tr_hits += torch.sum(guess == y.data)

        # validation pass #
        net.eval()
        for x,y in va_loader:
            x, y = x.to(device), y.to(device)
            va_out = net(x)
            va_loss = crit(va_out, y)
            va_loss_sum += va_loss.item()
            _, va_guess = torch.max(va_out,1)
            va_hits += torch.sum(va_guess == y.data)

        tr_loss = tr_loss/len(train_set)
        tr_acc = tr_hits.double() / len(train_set)
        va_loss_sum =  va_loss_sum / len(val_set)
        va_acc = va_hits.double() / len(val_set)
        print('epoch {} \ttrain loss {:.8f} \tval loss {:.8f} \ttrain acc {:.3f}% \tval acc {:.3f}%'
                                                           .format(e+1, tr_loss,va_loss_sum,tr_acc * 100, va_acc*100))

    torch.save(net.state_dict(),'emotion_net-{}-{}-{}.pt'.format(n_epochs,bs,lr))
    print("----------------------------------- done -----------------------------------")


if __name__ == '__main__':
    ap = argparse.ArgumentParser(description="FER2013 setup and training")
    ap.add_argument('-s', '--setup', type=bool, help='write the image files on the first run')
    ap.add_argument('-d', '--data', type=str,required= True,
                           help='folder holding the kaggle csv files (train.csv and test.csv)')
    ap.add_argument('-hparams', '--hyperparams', type=bool,
                           help='use the epochs / lr / batch size given here')
    ap.add_argument('-e', '--epochs', type= int, help= 'epochs')
    ap.add_argument('-lr', '--learning_rate', type= float, help= 'learning rate')
    ap.add_argument('-bs', '--batch_size', type= int, help= 'batch size for both loaders')
    ap.add_argument('-t', '--train', type=bool, help='train the network')
    args = ap.parse_args()

    if args.setup :
        prep = Generate_data(args.data)
        prep.split_test()
        prep.save_images('train')
        prep.save_images('test')
        prep.save_images('val')

    if args.hyperparams:
        n_epochs = args.epochs
        lr = args.learning_rate
        bs = args.batch_size
    else :
        n_epochs = 100
        lr = 0.005
        bs = 128

    if args.train:
        net = Deep_Emotion()
        net.to(device)
        print("network: ", net)
        tr_csv = args.data+'/'+'train.csv'
        va_csv = args.data+'/'+'val.csv'
        tr_dir = args.data+'/'+'train/'
        va_dir = args.data+'/'+'val/'

        tfm= transforms.Compose([transforms.ToTensor(),transforms.Normalize((0.5,),(0.5,))])
        train_set= Plain_Dataset(csv_file=tr_csv, img_dir = tr_dir, datatype = 'train', transform = tfm)
        val_set= Plain_Dataset(csv_file=va_csv, img_dir = va_dir, datatype = 'val', transform = tfm)
        tr_loader= DataLoader(train_set,batch_size=bs,shuffle = True,num_workers=0)
        va_loader=   DataLoader(val_set,batch_size=bs,shuffle = True,num_workers=0)

        crit= nn.CrossEntropyLoss()
        opt= optim.Adam(net.parameters(),lr= lr)
        Train(n_epochs, tr_loader, va_loader, crit, opt, device)
