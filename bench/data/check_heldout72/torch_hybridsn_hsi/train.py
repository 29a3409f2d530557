import torch
import torch.nn as nn
import torch
from torch import optim
import numpy as np
from dataset import PatchCubeSet
from model import HybridSN,HybridSN_BN_Attention


def fit(model,device,cube_set,epochs=100,lr=0.0001,batch_size=128):

    cube_loader = torch.utils.data.DataLoader(dataset=cube_set,
                                               batch_size=batch_size,
                                               shuffle=True)

    loss_fn = nn.CrossEntropyLoss()
    opt = optim.Adam(model.parameters(), lr=0.001)
    # start of optimisation
    running = 0
    lowest = float('inf')
    for epoch in range(epochs):
        for cubes, targets in cube_loader:
            cubes = cubes.to(device=device)
            targets = targets.to(device=device)
            # clear accumulated gradients
            opt.zero_grad()
            # forward, then backward and update
            logits= model(cubes)
            # cls = torch.argmax(logits, dim=1)
            loss = loss_fn(logits, targets)


            # keep the weights of the lowest-loss step
            if loss < lowest:
                lowest = loss
                # torch.save(model.state_dict(), 'lowest_loss_bn_attention.pth')
                torch.save(model.state_dict(), 'lowest_loss_hybridsn.pth')

            loss.backward()
            opt.step()
            running += loss.item()
        print('[epoch: %d]   [mean loss: %.4f]   [last loss: %.4f]' % (
        epoch + 1, running / (epoch + 1), loss.item()))

    print('training done')

if __name__ == '__main__':

    # pick the GPU when there is one
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    # move the network to the device
    model = HybridSN()
    # model = HybridSN_BN_Attention()
    model = model.to(device)
    cube_set = PatchCubeSet(r'D:\hsi_work\HybridSN\X_train.npy',
                               r'D:\hsi_work\HybridSN\y_train.npy')
    fit(model,device,cube_set)



