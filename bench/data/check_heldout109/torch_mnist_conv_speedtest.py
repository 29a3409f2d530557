import tqdm
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torchvision import datasets, transforms
from torch.autograd import Variable

eval_batches = torch.utils.data.DataLoader(
    datasets.MNIST('./', train=False, download=True, transform=transforms.Compose([
                       transforms.ToTensor(),
                       transforms.Normalize((0.1307,), (0.3081,))
                   ])),
    batch_size=1, shuffle=False)

class ConvNet(nn.Module):
    def __init__(self):
        super(ConvNet, self).__init__()
        self.c1 = nn.Conv2d(1, 32, kernel_size=3, padding=1)
        self.c2 = nn.Conv2d(32, 128, kernel_size=3, padding=1)
        self.c3 = nn.Conv2d(128, 256, kernel_size=3, padding=1)
        self.d1 = nn.Linear(200704, 512)
        self.d2 = nn.Linear(512, 10)

    def forward(self, t):
        t = F.relu(self.c1(t))
        t = F.relu(self.c2(t))
        t = F.relu(self.c3(t))
        t = t.view(-1, 200704)
        t = F.relu(self.d1(t))
        t = self.d2(t)
        return F.log_softmax(t)

net = ConvNet()

net.eval()
for img, lbl in tqdm.tqdm(eval_batches):
    img, lbl = Variable(img, volatile=True), Variable(lbl)
    out = net(img)
