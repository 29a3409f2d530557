import numpy as np
import matplotlib.pyplot as plt

import sys
import psutil
import time
import GPUtil

from util import *

# third-party
import torch
import torch.nn as nn
from torch.nn import functional
from torch.autograd import Variable
import torchvision
import torchvision.utils as vutils
import matplotlib.pyplot as plt
from torch.optim import *
from torchsummary import summary
import torchvision

from scipy.misc import imsave

#ckpt = '../models/' + sys.argv[1]
#which = int(sys.argv[2])

BATCH = 100
STEP = 0.002
EPOCHS = 100
wait = 30
beta = 5

faces_tr = np.load('../data/X_train.npy').astype(np.float32)
faces_va = np.load('../data/X_test.npy').astype(np.float32)

faces_tr = (faces_tr-127.5)/127.5
faces_va = (faces_va-127.5)/127.5

#faces_tr /= 255
#faces_va /= 255

faces_tr = torch.from_numpy(faces_tr).type(torch.FloatTensor).view(-1,3,64,64)
faces_va = torch.from_numpy(faces_va).type(torch.FloatTensor).view(-1,3,64,64)

class FaceVAE(nn.Module):
    def __init__(self):
        super(FaceVAE, self).__init__()

        self.code_dim = 512

        self.down = nn.Sequential(
            nn.Conv2d(3, 64, kernel_size=(4, 4), stride=(2, 2), padding=1),
            nn.BatchNorm2d(64),
            nn.LeakyReLU(0.01, inplace=True),
            
            nn.Conv2d(64, 128, kernel_size=(4, 4), stride=(2, 2), padding=1),
            nn.BatchNorm2d(128),
            nn.LeakyReLU(0.01, inplace=True),
            
            nn.Conv2d(128, 256, kernel_size=(4, 4), stride=(2, 2), padding=1),
            nn.BatchNorm2d(256),
            nn.LeakyReLU(0.01, inplace=True),

            nn.Conv2d(256, 512, kernel_size=(4, 4), stride=(2, 2), padding=1),
            nn.BatchNorm2d(512),
            nn.LeakyReLU(0.01, inplace=True),
        )

        self.to_mu = nn.Linear(8192, self.code_dim)
        self.to_lv = nn.Linear(8192, self.code_dim)
        self.from_code = nn.Linear(self.code_dim, 8192)
        self.squash = nn.Tanh()

        self.up = nn.Sequential(

            nn.ConvTranspose2d(512, 256, 4, 2, padding=1,bias=False),
            nn.BatchNorm2d(256),
            nn.LeakyReLU(0.01, inplace=True),

            nn.ConvTranspose2d(256, 128, 4, 2, padding=1,bias=False),
            nn.BatchNorm2d(128),
            nn.LeakyReLU(0.01, inplace=True),
 
            nn.ConvTranspose2d(128, 64, 4, 2, padding=1,bias=False),
            nn.BatchNorm2d(64),
            nn.LeakyReLU(0.01, inplace=True),
            
            nn.ConvTranspose2d(64, 3, 4, 2, padding=1,bias=False)
        )
    def encode(self, img):
        feat = self.down(img).view(-1, 8192)
        return self.to_mu(feat), self.to_lv(feat)

    def reparameterize(self, mu, logvar):
        sd = logvar.mul(0.5).exp_()
        eps = torch.FloatTensor(sd.size()).normal_()
        eps = Variable(eps).cuda()

        return eps.mul(sd).add_(mu)

    def decode(self, z):
        grid = self.from_code(z).view(-1, 512, 4, 4)
        out = self.up(grid)
        return self.squash(out)#/2.0+0.5

    def forward(self, x):
        mu, logvar = self.encode(x)
        z = self.reparameterize(mu, logvar)
        return self.decode(z), mu, logvar

def vae_objective(recon_x, x, mu, logvar):
#     BCE = F.binary_cross_entropy(recon_x, x, size_average=False)

    rec = functional.mse_loss(recon_x, x, size_average=False)
    kl = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    total = rec + beta * kl
    return rec,kl,total

if __name__ == "__main__":

    net = FaceVAE().cuda()

    opt = torch.optim.Adamax(net.parameters(), lr=STEP)
    
    n_train = len(faces_tr)
    n_steps = int(n_train / BATCH)

    best = 10000.0

    ### training ###
    bar = ShowProcess(n_steps)

    hist_rec = []
    hist_kl = []
    hist_val = []

    summary(net,(3,64,64))
    stale = 0

    for epoch in range(EPOCHS):
        print("epoch:", epoch+1)
        t0 = time.time()

        rec_sum = 0.0
        kl_sum = 0.0
        val_sum = 0.0

        # reorder the training faces
        order = torch.randperm(n_train)
        shuffled = faces_tr[order]

        # walk over minibatches
        for start in range(0,n_train ,BATCH):
            if start+BATCH > n_train:
                break

            bar.show_process()
            # clear old gradients
            opt.zero_grad()
            xb = shuffled[start:start+BATCH]

            # onto the GPU
            xb = Variable(xb.cuda())

            # forward, backward, step
            
            xb_hat,mu,logvar = net(xb)
            rec,kl,total = vae_objective(xb_hat, xb, mu, logvar)            
            total.backward()
            opt.step()
            rec_sum += rec.data[0]
            kl_sum += kl.data[0]
            hist_rec.append(rec.data[0]/(12288*BATCH))
            hist_kl.append(kl.data[0]/BATCH)

        bar.close()
        print("per-pixel MSE:",rec_sum/(12288*n_train))
        print("KL term:",kl_sum/(n_train))

        # held-out check
        
        net.eval()

        recons = torch.FloatTensor()
        recons = recons.cuda()
        targets = torch.FloatTensor()
        targets = targets.cuda()

        for start in range(0,len(faces_va) ,BATCH):
            if start+BATCH > len(faces_va):
                break
            xb = faces_va[start:start+BATCH]
            xb = Variable(xb.cuda())
            xb_hat,mu,logvar = net(xb)
            
            recons = torch.cat((recons,xb_hat.data),0)
            targets = torch.cat((targets,xb.data),0)

            #loss = vae_objective(out,xb)
            va_rec = functional.mse_loss(xb_hat, xb,size_average=False)
            val_sum += va_rec.data[0]
            hist_val.append(va_rec.data[0]/BATCH)

        if (val_sum/(len(faces_va)) < best):
            best = val_sum/(len(faces_va))
            print ("held-out MSE improved to: ",val_sum/(12288*len(faces_va))," :)")
            print ("writing model...")
            torch.save(net, '../models/VAE_e05.pkl')
            stale = 0
        else:
            print("held-out loss: ",val_sum/(12288*len(faces_va)), "no better :(")
            stale += 1

        if (True):
            print ("writing pictures...")

            #print (Variable(recons).data)
            rec_np = Variable(recons).cpu().data.numpy()[:10]
            tgt_np = Variable(targets).cpu().data.numpy()[:10]

            #tgt_np = np.copy(faces_va[:10].numpy())
            
            rec_np = (rec_np+1) * 127.5
            tgt_np = (tgt_np+1) * 127.5

            #rec_np *= 255
            #tgt_np *= 255

            row_rec = rec_np[0].reshape(64,64,3)
            row_tgt = tgt_np[0].reshape(64,64,3)

            for k in range(1,10):
                row_rec = np.concatenate((row_rec,rec_np[k].reshape(64,64,3)),axis=1)
                row_tgt = np.concatenate((row_tgt,tgt_np[k].reshape(64,64,3)),axis=1)

                #imsave("../predict/truth_"+str(epoch)+"_"+str(k)+".png",tgt_np[k].reshape(64,64,3).astype(np.uint8))
                #imsave("../VAE_predict/recon5_"+str(epoch)+"_"+str(k)+".png",rec_np[k].reshape(64,64,3).astype(np.uint8))
            panel = np.concatenate((row_rec,row_tgt),axis=0)
            imsave("../VAE_predict/compare_%d.png"%(epoch),panel)

        net.train()
        t1 = time.time()

        print("seconds: ",t1 - t0)

        if (stale == wait):
            break

        torch.save(net,'../models/VAE_%d_model2.pkl'%(epoch))
        torch.save(net.state_dict(),'../models/VAE_%d_model2.pth'%(epoch))

    hist_rec = np.array(hist_rec)
    hist_kl = np.array(hist_kl)
    hist_val = np.array(hist_val)

    np.save("../checkpoint/MSE2.npy",hist_rec)
    np.save("../checkpoint/KLD2.npy",hist_kl)
