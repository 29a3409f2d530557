# three conv blocks and two dense layers on MNIST (PyTorch)
import torch
from torch.autograd import Variable
import torchvision.datasets as dsets
import torchvision.transforms as transforms
import torch.nn.init

torch.manual_seed(777)  # fixed seed

# settings
lr_value = 0.001
n_epochs = 15
batch_n = 100
keep_p = 0.7

# MNIST splits
train_digits = dsets.MNIST(root='MNIST_data/',
                          train=True,
                          transform=transforms.ToTensor(),
                          download=True)

test_digits = dsets.MNIST(root='MNIST_data/',
                         train=False,
                         transform=transforms.ToTensor(),
                         download=True)

# batches for training
train_data_loader = torch.utils.data.DataLoader(dataset=train_digits,
                                          batch_size=batch_n,
                                          shuffle=True)

# network


class DigitConvNet(torch.nn.Module):

    def __init__(self):
        super(DigitConvNet, self).__init__()
        # block 1: 1x28x28 input
        #    conv -> 32x28x28
        #    pool -> 32x14x14
        self.block1 = torch.nn.Sequential(
            torch.nn.Conv2d(1, 32, kernel_size=3, stride=1, padding=1),
            torch.nn.ReLU(),
            torch.nn.MaxPool2d(kernel_size=2, stride=2),
            torch.nn.Dropout(p=1 - keep_p))
        # block 2: 32x14x14 input
        #    conv -> 64x14x14
        #    pool -> 64x7x7
        self.block2 = torch.nn.Sequential(
            torch.nn.Conv2d(32, 64, kernel_size=3, stride=1, padding=1),
            torch.nn.ReLU(),
            torch.nn.MaxPool2d(kernel_size=2, stride=2),
            torch.nn.Dropout(p=1 - keep_p))
        # block 3: 64x7x7 input
        #    conv -> 128x7x7
        #    pool -> 128x4x4
        self.block3 = torch.nn.Sequential(
            torch.nn.Conv2d(64, 128, kernel_size=3, stride=1, padding=1),
            torch.nn.ReLU(),
            torch.nn.MaxPool2d(kernel_size=2, stride=2, padding=1),
            torch.nn.Dropout(p=1 - keep_p))

        # dense: 2048 -> 625
        self.dense1 = torch.nn.Linear(4 * 4 * 128, 625, bias=True)
        torch.nn.init.xavier_uniform(self.dense1.weight)
        self.dense_block = torch.nn.Sequential(
            self.dense1,
            torch.nn.ReLU(),
            torch.nn.Dropout(p=1 - keep_p))
        # dense: 625 -> 10 classes
        self.dense2 = torch.nn.Linear(625, 10, bias=True)
        torch.nn.init.xavier_uniform(self.dense2.weight)

    def forward(self, x_in):
        h = self.block1(x_in)
        h = self.block2(h)
        h = self.block3(h)
        h = h.view(h.size(0), -1)   # flatten
        h = self.dense1(h)
        h = self.dense2(h)
        return h


# build the network
cnn_model = DigitConvNet()

# criterion and optimiser
ce_loss_fn = torch.nn.CrossEntropyLoss()    # takes raw logits
adam_optimizer = torch.optim.Adam(cnn_model.parameters(), lr=lr_value)

# training
print('training...')
for epoch_i in range(n_epochs):
    mean_cost = 0
    n_batches = len(train_digits) // batch_n

    for i, (batch_imgs, batch_labels) in enumerate(train_data_loader):
        X_b = Variable(batch_imgs)    # already 1x28x28
        Y_b = Variable(batch_labels)    # integer class ids

        adam_optimizer.zero_grad()
        logits = cnn_model(X_b)
        batch_cost = ce_loss_fn(logits, Y_b)
        batch_cost.backward()
        adam_optimizer.step()

        mean_cost += batch_cost.data / n_batches

    print("epoch {:>4}: mean cost {:>.9}".format(epoch_i + 1, mean_cost[0]))

print('training done')

# evaluate on the whole test split
cnn_model.eval()    # dropout off

test_X = Variable(test_digits.test_data.view(len(test_digits), 1, 28, 28).float())
test_Y = Variable(test_digits.test_labels)

test_logits = cnn_model(test_X)
hits = (torch.max(test_logits.data, 1)[1] == test_Y.data)
test_acc = hits.float().mean()
print('test accuracy:', test_acc)
