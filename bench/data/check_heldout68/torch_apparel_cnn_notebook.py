# --- imports ---
import pandas as pd
import numpy as np

# image reading and plotting
from skimage.io import imread
import matplotlib.pyplot as plt
# (notebook magic: matplotlib inline)

# hold-out split
from sklearn.model_selection import train_test_split

# scoring
from sklearn.metrics import accuracy_score
from tqdm import tqdm

# torch pieces
import torch
from torch.autograd import Variable
from torch.nn import Linear, ReLU, CrossEntropyLoss, Sequential, Conv2d, MaxPool2d, Module, Softmax, BatchNorm2d, Dropout
from torch.optim import Adam, SGD

# --- csv tables ---
tbl_train = pd.read_csv('train_LbELtWX/train.csv')
tbl_test = pd.read_csv('test_ScVgIM0/test.csv')

submit_tbl = pd.read_csv('sample_submission_I5njJSF.csv')

tbl_train.head()

# --- decode every training png ---
pics = []
for pid in tqdm(tbl_train['id']):
    # file location
    fpath = 'train_LbELtWX/train/' + str(pid) + '.png'
    # grey decode
    pic = imread(fpath, as_gray=True)
    # scale to [0, 1]
    pic /= 255.0
    # narrow to float32
    pic = pic.astype('float32')
    # keep it
    pics.append(pic)

# stack into one array
x_all = np.array(pics)
# class ids
y_all = tbl_train['label'].values
x_all.shape

# --- peek at a few ---
k = 0
plt.figure(figsize=(10,10))
plt.subplot(221), plt.imshow(x_all[k], cmap='gray')
plt.subplot(222), plt.imshow(x_all[k+25], cmap='gray')
plt.subplot(223), plt.imshow(x_all[k+50], cmap='gray')
plt.subplot(224), plt.imshow(x_all[k+75], cmap='gray')

# --- 90/10 split ---
x_all, x_hold, y_all, y_hold = train_test_split(x_all, y_all, test_size = 0.1)
(x_all.shape, y_all.shape), (x_hold.shape, y_hold.shape)

# --- training arrays to tensors ---
x_all = x_all.reshape(54000, 1, 28, 28)
x_all  = torch.from_numpy(x_all)

# ids to tensor
y_all = y_all.astype(int);
y_all = torch.from_numpy(y_all)

# check
x_all.shape, y_all.shape

# --- hold-out arrays to tensors ---
x_hold = x_hold.reshape(6000, 1, 28, 28)
x_hold  = torch.from_numpy(x_hold)

# ids to tensor
y_hold = y_hold.astype(int);
y_hold = torch.from_numpy(y_hold)

# check
x_hold.shape, y_hold.shape

# --- tiny conv net ---
class TinyCNN(Module):
    def __init__(self):
        super(TinyCNN, self).__init__()

        self.features = Sequential(
            # first conv block
            Conv2d(1, 4, kernel_size=3, stride=1, padding=1),
            BatchNorm2d(4),
            ReLU(inplace=True),
            MaxPool2d(kernel_size=2, stride=2),
            # second conv block
            Conv2d(4, 4, kernel_size=3, stride=1, padding=1),
            BatchNorm2d(4),
            ReLU(inplace=True),
            MaxPool2d(kernel_size=2, stride=2),
        )

        self.head = Sequential(
            Linear(4 * 7 * 7, 10)
        )

    # forward pass
    def forward(self, t):
        t = self.features(t)
        t = t.view(t.size(0), -1)
        t = self.head(t)
        return t

# --- net, optimiser, objective ---
net = TinyCNN()
# optimiser
opt = Adam(net.parameters(), lr=0.07)
# objective
ce = CrossEntropyLoss()
# move to GPU when there is one
if torch.cuda.is_available():
    net = net.cuda()
    ce = ce.cuda()
    
print(net)

# --- one full-batch step per epoch ---
def step(ep):
    net.train()
    fit_loss = 0
    # whole training split
    xt, yt = Variable(x_all), Variable(y_all)
    # whole hold-out split
    xv, yv = Variable(x_hold), Variable(y_hold)
    # onto the GPU
    if torch.cuda.is_available():
        xt = xt.cuda()
        yt = yt.cuda()
        xv = xv.cuda()
        yv = yv.cuda()

    # reset gradients
    opt.zero_grad()
    
    # forward both splits
    out_t = net(xt)
    out_v = net(xv)

    # losses on both splits
    l_t = ce(out_t, yt)
    l_v = ce(out_v, yv)
    hist_t.append(l_t)
    hist_v.append(l_v)

    # backprop and update
    l_t.backward()
    opt.step()
    fit_loss = l_t.item()
    if ep%2 == 0:
        # report hold-out loss
        print('ep', ep+1, '|', 'hold-out loss', l_v)

# --- run ---
EPOCHS = 25
# per-epoch training losses
hist_t = []
# per-epoch hold-out losses
hist_v = []
# go
for ep in range(EPOCHS):
    step(ep)

# --- curves ---
plt.plot(hist_t, label='fit loss')
plt.plot(hist_v, label='hold-out loss')
plt.legend()
plt.show()

# --- accuracy on the training split ---
with torch.no_grad():
    scores = net(x_all.cuda())
    
p = torch.exp(scores).cpu()
p_list = list(p.numpy())
guess = np.argmax(p_list, axis=1)

# training accuracy
accuracy_score(y_all, guess)

# --- accuracy on the hold-out split ---
with torch.no_grad():
    scores = net(x_hold.cuda())

p = torch.exp(scores).cpu()
p_list = list(p.numpy())
guess = np.argmax(p_list, axis=1)

# hold-out accuracy
accuracy_score(y_hold, guess)

# --- decode the test pngs ---
test_pics = []
for pid in tqdm(tbl_test['id']):
    # file location
    fpath = 'test_ScVgIM0/test/' + str(pid) + '.png'
    # grey decode
    pic = imread(fpath, as_gray=True)
    # scale to [0, 1]
    pic /= 255.0
    # narrow to float32
    pic = pic.astype('float32')
    # keep it
    test_pics.append(pic)

# stack
x_test = np.array(test_pics)
x_test.shape

# --- test arrays to tensors ---
x_test = x_test.reshape(10000, 1, 28, 28)
x_test  = torch.from_numpy(x_test)
x_test.shape

# --- predict the test split ---
with torch.no_grad():
    scores = net(x_test.cuda())

p = torch.exp(scores).cpu()
p_list = list(p.numpy())
guess = np.argmax(p_list, axis=1)

# --- fill the submission ---
submit_tbl['label'] = guess
submit_tbl.head()

# --- write it ---
submit_tbl.to_csv('submission.csv', index=False)
