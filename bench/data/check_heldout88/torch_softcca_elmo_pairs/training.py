import torch
import tqdm
from torch import autograd
import numpy as np
import pickle

def train(net, train_batches, dev_batches, objective, opt, plateau, num_epochs):

    lowest = 1e6

    for ep in range(num_epochs):

        net.zero_grad()

        if ep >= 0:

            dev_loss = evaluate(net, objective, dev_batches)
            #plateau.step(dev_loss)

            if (dev_loss < lowest) or False:
                lowest = dev_loss
                torch.save(net.state_dict(), "NeuralCCAStateDict.pickle")
                torch.save(net, "NeuralCCA.pickle")
        print()
        print("Dev loss: {}".format(dev_loss))
        print("\nEpoch {}. Lowest dev loss so far: {}".format(ep, lowest))

        net.train()

        bar = tqdm.tqdm(iter(train_batches), leave=False, total=len(train_batches), ascii = True)
        k = 0

        for (a1,a2,b1,b2) in bar:

            left, right = (a1, b1) if np.random.random() < 0.5 else (a2,b2)
            P,Q =  net(left,right)
            dev_loss = objective(P,Q)
            dev_loss.backward()

            #torch.nn.utils.clip_grad_norm_(net.parameters(), 100.)
            opt.step()
            net.zero_grad()

        #print("position accuracy: {}".format((hits / (hits + misses))))

def evaluate(net, objective, dev_batches):

    print("\nScoring dev set...")
    net.eval()
    bar = tqdm.tqdm(iter(dev_batches), leave=False, total=len(dev_batches), ascii=True)
    hits, misses = 0., 0.
    losses = []
    norms = []

    for (a1,a2,b1,b2) in bar:

        with torch.no_grad():

            left, right = (a1, b1) if np.random.random() < 0.5 else (a2,b2)
            P,Q =  net(left,right)
            batch_loss = objective(P,Q)
            losses.append(batch_loss.detach().cpu().numpy().item())

    return np.mean(losses)
