import torch.nn.functional as F
import numpy as np
import seaborn as sn
import pandas as pd
import matplotlib.pyplot as plt
import torch
from torch import nn
from torch.utils.data import TensorDataset, Dataset, DataLoader
from sklearn.model_selection import train_test_split
from torchmetrics.classification import MulticlassConfusionMatrix
from torchsummary import summary


class SeizureLSTM(nn.Module):
    def __init__(self, num_classes, input_size, hidden_size, num_layers, n_steps):
        super(SeizureLSTM, self).__init__()
        self.num_classes = num_classes # output classes
        self.num_layers = num_layers # stacked layers
        self.input_size = input_size # channels per step
        self.hidden_size = hidden_size # hidden width
        self.n_steps = n_steps # steps per window

        self.rnn = nn.LSTM(input_size=input_size, hidden_size=hidden_size,
                          num_layers=num_layers, batch_first=True) # recurrent core
        self.head1 =  nn.Linear(hidden_size, 128) # dense 1
        self.head2 = nn.Linear(128, num_classes) # dense out

        self.act = nn.ReLU()
    
    def forward(self,inp):
        h_init = (torch.zeros(self.num_layers, inp.size(0), self.hidden_size)) # hidden width
        c_init = (torch.zeros(self.num_layers, inp.size(0), self.hidden_size)) # cell state
        # run the recurrence
        seq_out, (h_last, c_last) = self.rnn(inp, (h_init, c_init)) # recurrence from zero states
        h_last = h_last.view(-1, self.hidden_size) # flatten last hidden for the head
        z = self.act(h_last)
        z = self.head1(z) # dense 1
        z = self.act(z) # nonlinearity
        z = self.head2(z) # logits
        return z
 

tr_x = np.load('x_train.npy')
tr_y = np.load('y_train.npy')
te_x = np.load('x_test.npy')
te_y = np.load('y_test.npy')
ALL_X = np.concatenate((tr_x,te_x))    
ALL_Y = np.concatenate((tr_y, te_y))
# re-split everything
Xa, Xb, Ya, Yb = train_test_split(ALL_X, ALL_Y, test_size=0.33, random_state=69)


def fit():
    net = SeizureLSTM(4, 19, 50, 1, 500)
    print(summary(net,(500, 19)))
    ce = torch.nn.CrossEntropyLoss()
    opt = torch.optim.Adam(net.parameters())

    # one-hot targets
    onehot = F.one_hot(torch.Tensor(Ya).type(torch.long)).type(torch.float)
    fit_set = TensorDataset(torch.Tensor(Xa).type(torch.float), onehot)
    fit_loader = DataLoader(dataset=fit_set, shuffle=True)

    for ep in range(10):
        loss_sum = 0
        hits = 0
        for k, data in enumerate(fit_loader):
            xb, yb = data
            opt.zero_grad()
            
            xb = np.reshape(xb, (1, 500, 19))
            logits = net(xb) 
            l = ce(logits, yb.type(torch.float))
            l.backward()
            opt.step()
            hits += (torch.argmax(logits, dim=1) == torch.argmax(yb, dim=1)).float().sum()
            #print(hits)
            loss_sum += l.item()
        ratio = hits / len(fit_set)
        print('pass %d: ce %.3f, hit rate %.1f%%' % (ep, l, 100 * ratio))
    
    torch.save(net, 'eeg_lstm.pt')
    return net

def score(net):

    onehot = F.one_hot(torch.Tensor(Yb).type(torch.long)).type(torch.float)
    eval_set = TensorDataset(torch.Tensor(Xb).type(torch.float), onehot)
    eval_loader = DataLoader(dataset=eval_set, shuffle=False)
    hits = 0
    guesses = []
    for k, data in enumerate(eval_loader):
        xb, yb = data
        xb = np.reshape(xb, (1, 500, 19))
        logits = net(xb) 
        hits += (torch.argmax(logits[0], dim=1) == torch.argmax(yb, dim=1)).float().sum()
        print(hits)
        guesses.append(torch.argmax(logits[0], dim=1))
    print(hits, len(eval_set), hits / len(eval_set))
    guesses = torch.FloatTensor(guesses)
    return guesses




if __name__ == '__main__':
    net = fit()
    guesses_t = score(net)
    
    truth = torch.Tensor(Yb).type(torch.float)
    print(guesses_t.shape)
    print(truth.shape)
    cm_norm = MulticlassConfusionMatrix(num_classes = 4, normalize='true')
    cm_raw = MulticlassConfusionMatrix(num_classes = 4)
    cm = cm_norm(guesses_t,truth)
    cm_raw = cm_raw(guesses_t,truth)
    names = ['normal', 'complex', 'electro', 'video']
    cm_frame = pd.DataFrame(cm, index = [k for k in names], columns = [k for k in names])
    print(cm_raw)
    sn.heatmap(cm_frame, annot=True)
    plt.show()
    
