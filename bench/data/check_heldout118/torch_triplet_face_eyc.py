import numpy as np
from eycDataset import EycDataset
import torch
from torch.utils.data import DataLoader,Dataset
from torch import optim
from tripletLoss import TripletLoss
from siamese import SiameseNetwork
from torch.autograd import Variable

print("imports done")

n_epochs = 1000
n_images = 800
bs = 64
iter_count = 0
steps_seen = []
loss_log = []

def main():
    faces = EycDataset(train=True)
    twin = SiameseNetwork().cuda()
    print("network ready")
    # twin = torch.load('models/model_triplet.pt')

    batches = DataLoader(faces,
                            shuffle=True,
                            num_workers=8,
                            batch_size=bs)
    crit = TripletLoss()
    adam = optim.Adam(twin.parameters(),lr = 0.0005 )

    for ep in range(0,n_epochs):
        for i, triple in enumerate(batches):
            # print(triple)
            (anc, pos, neg) = triple
            anc, pos, neg = Variable(anc).cuda(), Variable(pos).cuda() , Variable(neg).cuda()
            (emb_a, emb_p, emb_n)  = twin(anc, pos, neg)
            adam.zero_grad()
            trip_loss = crit(emb_a, emb_p, emb_n)
            trip_loss.backward()
            adam.step()
            
            if i%10 == 0:
                print("epoch {}\n loss now {}\n".format(ep,trip_loss.data[0]))
        
        print("writing weights")
        torch.save(twin, 'models/model_triplet_4.pt')
        print("-- weights written --")

def peek_batches():
    faces = EycDataset(train=True)    
    batches = DataLoader(faces,
                            shuffle=True,
                            num_workers=8,
                            batch_size=bs)

    for ep in range(0,n_epochs):
        for i, triple in enumerate(batches):
            print(triple.numpy())
        
