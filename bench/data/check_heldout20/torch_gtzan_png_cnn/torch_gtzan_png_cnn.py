import numpy as np
import matplotlib.pyplot as plt
# scipy was imported here once
# as was a helper module of the authors
import torch
from torch.utils.data import DataLoader, random_split
from main.util import PngGenreData
import torch.nn as nn
from torch.autograd import Variable
import torch.optim as optim
import torch.nn.functional as F
from statistics import mean
torch.manual_seed(0)


def run_training():
    train_count = int(len(PngGenreData('../data/images_original'))* .7)/3
    # (debug print of the train count)
    test_count = len(PngGenreData('../data/images_original')) - train_count
    # (debug print of the test count)
    train_subset, test_subset = random_split(PngGenreData('../data/images_original'), [int(train_count), int(test_count)])
    train_loader = DataLoader(train_subset, batch_size=5)
    # (debug print of the subset shape)
    ce_loss = nn.CrossEntropyLoss()
    epoch_losses = []
    last_epoch = 30# was 100
    genre_model = GenreConvNet().to('cpu')
    adam_optimizer = optim.Adam(genre_model.parameters(), lr=0.0001)
    for epoch_i in range(0, last_epoch + 1):  # one pass over the training subset each
        batch_losses = []
        for i, (batch_images, batch_labels) in enumerate(train_loader, 0):
            # (debug print of the step)
            # wrap the batch
            batch_images = Variable(batch_images.to('cpu'))
            batch_labels = Variable(batch_labels.to('cpu'))
            # clear old gradients
            adam_optimizer.zero_grad()
            logits = genre_model(batch_images)
            batch_loss = ce_loss(torch.squeeze(logits), torch.squeeze(batch_labels))
            # backprop and update
            batch_loss.backward()
            adam_optimizer.step()
            batch_losses.append(batch_loss.item())
        epoch_losses.append(mean(batch_losses))

        test_acc = test_accuracy(genre_model, test_subset)
        print('epoch', epoch_i + 1, 'accuracy on the held-out split: %f %%' % (test_acc))
    print(epoch_losses)
    print('training done')

# (the older evaluation below is kept as a string)


def test_accuracy(model_net, test_subset):
    n_right = 0
    n_seen = 0
    test_x, test_y = next(iter(DataLoader(test_subset, batch_size=5)))
    test_pred = model_net(test_x)

    for i in range(len(test_pred)):
        guessed = torch.argmax(test_pred[i])
        actual = torch.argmax(test_y[i])
        if guessed.item() == actual.item():
            n_right += 1
        n_seen += 1
    return n_right / n_seen
    """
    model_net.eval()
    hits = 0.0
    seen = 0.0
    eval_loader = DataLoader(test_subset, batch_size=5)
    with torch.no_grad():
        for i, (batch_images, batch_labels) in enumerate(eval_loader, 0):
            print(i)
            # wrap the batch
            batch_images = Variable(batch_images.to('cpu'))
            batch_labels = Variable(batch_labels.to('cpu'))
            # scores for the held-out batch
            logits = model_net(batch_images)  #
            # the arg-max class is the guess
            _, guess = torch.max(logits.data, 1)
            seen += batch_labels.size(0)
            hits += (guess == batch_labels).sum().item()
                    # percentage over every held-out image
    hits = (100 * hits / seen)
    return hits
"""
# (end of the older evaluation)


class GenreConvNet(nn.Module):  # sizes below are tied to the image size
    def __init__(self):
        super(GenreConvNet, self).__init__()

        self.wide_conv = nn.Conv2d(4, 10, 288,288, groups=2)
        # a 1x1 second convolution was tried
        # as was a full-size second convolution
        """
        earlier stack, unused: 3x3 convolution 3->8,
        adaptive max pooling,
        then 8->16;

        then 16->32,
        and 32->64,
        pooled again;

        linear 64*56*56 -> 120,
        120 -> 64,
        64 -> 2,
        and a sigmoid.
        """


    def forward(self, x):
        # (the first layer with a ReLU, as below)
        x = F.relu(self.wide_conv(x))
        # a second layer with a ReLU was tried
        # and one without
        """
         the residual variant kept the input,
        ran the second convolution,
        then the third,
        # added the input back,
        went through the fourth,
        all with ReLUs;

        # flattened per sample,
        through the first linear layer,
        the second,
        and the third,
        ending in a sigmoid.
        """


        return x


run_training()


