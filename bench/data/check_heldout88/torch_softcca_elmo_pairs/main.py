import torch

from torch import optim
from torch.utils import data
import matplotlib.pyplot as plt

import loss
import model
import dataset
import training
import radam

if __name__ == '__main__':

    cca_objective = loss.SoftCCALoss()
    ce_objective = torch.nn.CrossEntropyLoss()
    siamese = model.Siamese().cuda()

    opt = optim.Adam(siamese.parameters(), weight_decay = 1e-4) # decay strength (0 turns it off)
    #opt = optim.Adagrad(siamese.parameters(), lr = 1e-2)
    #opt = radam.RAdam(siamese.parameters())
    #opt = optim.RMSprop(siamese.parameters())
    #opt = optim.SGD(siamese.parameters(), lr = 0.3 * 1e-1, momentum = 0.9)
    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, 'min', patience = 5, factor = 0.5, verbose = True)
    #ds_train = dataset.Dataset("sample.15k.pickle")
    ds_train, ds_dev = dataset.Dataset("sample.50k"), dataset.Dataset("sample.25k")
    #ds_train, ds_dev = dataset.Dataset("train1.pickle"), dataset.Dataset("dev1.pickle")
    train_batches = data.DataLoader(ds_train, batch_size=2500, drop_last = False, shuffle=True)
    dev_batches = data.DataLoader(ds_dev, batch_size=2500, shuffle=False, drop_last = False)

    training.train(siamese, train_batches, dev_batches, cca_objective, opt, plateau, num_epochs = 25000)
