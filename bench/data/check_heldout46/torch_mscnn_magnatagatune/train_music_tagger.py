import numpy as np
from sklearn.metrics import roc_auc_score
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader

import pickle
import time

from mscnn import MSCNN
import config

class TagDataset(Dataset):
    def __init__(self, specs, labels):
        self.specs = specs
        self.labels = labels

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return {'spec': self.specs[i], 'labels': self.labels[i]}


def init_weights(layer):
    if isinstance(layer, nn.Conv2d) or isinstance(layer, nn.Linear):
        nn.init.xavier_normal_(layer.weight)
        nn.init.constant_(layer.bias, 0)


def auc_of(loader, net, dev):
    """
    Macro ROC-AUC of the network over one split
    :param loader: the split's loader
    :param net: network to score
    :param dev: where to run it
    :return: macro AUC
    """
    net.eval()
    auc = 0
    with torch.no_grad():
        probs = []
        truth = []
        for b, batch in enumerate(loader, 0):
            xb = batch['spec'].to(dev)
            yb = batch['labels'].to(dev)
            pb = torch.sigmoid(net(xb))
            if b == 0:
                probs = pb
                truth = yb
            else:
                probs = np.append(probs, pb, axis=0)
                truth = np.append(truth, yb, axis=0)
        auc = roc_auc_score(truth, probs, average="macro")
    return auc


def run_training(train_loader, valid_loader, test_loader, dev, init_fn=None):
    """
    Fits the multi-scale CNN and keeps the weights that score best on validation
    :param train_loader: loader over the training split
    :param valid_loader: loader over the validation split
    :param init_fn: how to initialise the parameters
    """ 
    print("training on {}".format(dev))
    # network, loss and optimiser
    net = MSCNN(config.NUM_TAGS).to(dev)
    if init_fn is not None:
        net.apply(init_fn) # xavier normal weights
    bce = nn.BCELoss()
    opt = optim.Adam(net.parameters(), lr=config.LEARNING_RATE, weight_decay=config.WEIGHT_DECAY)

    print("starting...")
    best_auc = 0.0 # best validation AUC so far
    paired_test = 0.0 # test AUC at that epoch
    paired_cost = 0.0 # train cost at that epoch
    t0 = time.time()

    for ep in range(config.NUM_EPOCHS):
        net.train()
        t_ep = time.time()
        
        # one pass over the training split
        print("epoch {}".format(ep))
        costs = []
        for b, batch in enumerate(train_loader, 0):
            opt.zero_grad()
            xb = batch['spec'].to(dev)
            yb = batch['labels'].to(dev)
            # forward, backward, step
            pb = torch.sigmoid(net(xb))
            loss = bce(pb, yb)
            costs.append(loss.data)
            loss.backward()
            opt.step()
        print("\ttrain cost: {}".format(np.mean(costs)))
        
        # score validation and test splits
        v_auc = auc_of(valid_loader, net, dev)
        te_auc = auc_of(test_loader, net, dev)
        print("\tvalid AUC: {}".format(v_auc))
        print("\ttest AUC: {}".format(te_auc))
        if v_auc > best_auc:
            best_auc = v_auc
            paired_test = te_auc
            paired_cost = np.mean(costs)
            torch.save(net.state_dict(), config.DATA_DIR + "best_weights.pth") # keep best

        t_end = time.time()
        print("\tepoch {} took {} s".format(ep, t_end - t_ep))

    t1 = time.time()
    print("best valid AUC: {}".format(best_auc))
    print("train cost then: {}".format(paired_cost))
    print("test AUC then: {}".format(paired_test))
    print("total {} s".format(t1 - t0))


if __name__ == "__main__":
    # read labels and spectrograms
    freqs, tag_list, tag_matrix = pickle.load(open(config.DATA_DIR + "annotations_cleaned.pickle", "rb"))
    specs = np.load(open(config.DATA_DIR + "Spectrograms.data", "rb"))

    # drop bad clips and shuffle
    tag_matrix = np.delete(tag_matrix, config.SKIP_IDS, axis=0)
    specs = np.delete(specs, config.SKIP_IDS, axis=0)
    order = np.arange(tag_matrix.shape[0])
    np.random.shuffle(order)
    tag_matrix = tag_matrix[order][:, :config.NUM_TAGS].astype(np.float32)
    specs = np.expand_dims(specs[order], axis=1) # channel axis

    # training split
    tr_x = specs[: config.N_TRAIN]
    tr_y = tag_matrix[: config.N_TRAIN]
    tr_set = TagDataset(tr_x, tr_y)
    train_loader = DataLoader(tr_set, batch_size=config.TRAIN_BATCH, shuffle=True, num_workers=2)


    # validation split
    offset = config.N_TRAIN
    va_x = specs[offset: offset + config.N_VALID]
    va_y = tag_matrix[offset: offset + config.N_VALID]
    va_set = TagDataset(va_x, va_y)
    valid_loader = DataLoader(va_set, batch_size=config.VALID_BATCH, shuffle=False, num_workers=2)

    # test split
    offset += config.N_VALID
    te_x = specs[offset: offset + config.N_TEST]
    te_y = tag_matrix[offset: offset + config.N_TEST]
    te_set = TagDataset(te_x, te_y)
    test_loader = DataLoader(te_set, batch_size=config.TEST_BATCH, shuffle=False, num_workers=2)

    # drop the names of the full arrays
    del specs
    del tag_matrix

    # fit
    dev = torch.device("cuda:0" if (config.CUDA and torch.cuda.is_available()) else "cpu")
    run_training(train_loader, valid_loader, test_loader, dev, init_fn=init_weights)
