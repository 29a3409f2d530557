import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

class FaceVAE(nn.Module):
    def __init__(self, 
                 z_dim :int, 
                 side:int,
                 make_enc,
                 make_dec,
                 channels:int=3,
                 hidden:int=128):

        super(FaceVAE, self).__init__()
        self.channels=channels
        self.side=side
        self.hidden=hidden
        self.z_dim=z_dim
        
        #the two halves are built by the factory functions below
        self.enc= make_enc(self.channels,self.z_dim,self.hidden,self.side)
        self.dec=make_dec(self.channels,self.z_dim,self.hidden,self.side)
        self.to_mu=nn.Linear(self.hidden,self.z_dim)
        self.to_logvar=nn.Linear(self.hidden,self.z_dim)

    def draw(self,mu,logvar):
        sd=torch.exp(0.5*logvar)
        eps=torch.randn_like(mu)
        return eps.mul(sd).add(mu)
            

    def forward(self,x):
        x=self.enc(x)
        mu=self.to_mu(x)
        logvar=self.to_logvar(x)

        z=self.draw(mu,logvar)

        x=self.dec(z)
        return x,mu,logvar

def small_enc(channels,z_dim,hidden,side):

    return (nn.Sequential(
    # input arrives as n x channels x side x side
    nn.Conv2d(channels,out_channels=32,kernel_size=8,stride=2),
    # spatial size roughly halves here
    nn.BatchNorm2d(32),
    nn.LeakyReLU(),
    nn.MaxPool2d(2),
    # and halves again
    
    nn.Conv2d(32, 16, 6),
    # a little smaller after the 6x6 kernel
    nn.BatchNorm2d(16),
    nn.LeakyReLU(),
    nn.MaxPool2d(2,stride=1),
    # one pixel less per side
 
    nn.Conv2d(16, 8, 6),
    nn.Flatten(),

    nn.Linear(8*(int(side[0]/4)-13)*(int(side[0]/4)-13),hidden),
    nn.BatchNorm1d(hidden),
    nn.Sigmoid()))

def small_dec(channels,z_dim,hidden,side):
    return (nn.Sequential(
            nn.Linear(z_dim,hidden),
            nn.Linear(hidden,6*(int(side[0]/4))*(int(side[0]/4))),
            nn.Unflatten(1,(6,int(side[0]/4),int(side[0]/4))),

            nn.ConvTranspose2d(in_channels=6,out_channels=16,kernel_size=6, stride=2, padding=2),
            nn.LeakyReLU(0.1),
            #doubles the side
            nn.ConvTranspose2d(in_channels=16,out_channels=channels,kernel_size=2, stride=2),
            #back at the full side
            ))

def wide_dec(channels,z_dim,hidden,side):
    return (nn.Sequential(
            nn.Linear(z_dim,hidden),
            nn.Linear(hidden,6*(int(side[0]/4))*(int(side[0]/4))),
            nn.Unflatten(1,(6,int(side[0]/4),int(side[0]/4))),

            nn.ConvTranspose2d(in_channels=6,out_channels=64,kernel_size=6, stride=2, padding=2),
            nn.LeakyReLU(0.1),
            #doubles the side
            nn.ConvTranspose2d(in_channels=64,out_channels=channels,kernel_size=2, stride=2),
            #back at the full side
            ))

def coarse_enc(channels,hidden):
    return (nn.Sequential(
            nn.Conv2d(channels,out_channels=64,kernel_size=20,stride=2),
        # big first kernel, stride 2
            nn.BatchNorm2d(64),
            nn.LeakyReLU(),
            nn.MaxPool2d(3),
            nn.Conv2d(64, 32, 6),
            nn.BatchNorm2d(32),
            nn.LeakyReLU(),
            nn.MaxPool2d(3,stride=1),
            nn.Flatten(),
            nn.Linear(3872,hidden),
            nn.BatchNorm1d(hidden),
            nn.Sigmoid()))

def wide_enc(channels,z_dim,hidden,side):
    return(nn.Sequential(
        nn.Conv2d(3,out_channels=64,kernel_size=12,stride=2),
        nn.BatchNorm2d(64),
        nn.LeakyReLU(),
        nn.MaxPool2d(2),
        # 128 -> 59 -> 29
                
        nn.Conv2d(64, 128, 6),
        # 29 -> 24
        nn.BatchNorm2d(128),
        nn.LeakyReLU(),
        nn.MaxPool2d(2,stride=1),
        # 24 -> 23 

        nn.Conv2d(128, 256, 6),
        nn.Flatten(),
        nn.Linear(82944,hidden),
        nn.BatchNorm1d(hidden),
        nn.Sigmoid()))
