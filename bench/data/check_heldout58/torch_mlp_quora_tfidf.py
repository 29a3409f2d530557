import pandas as pd 
import numpy as np 
import matplotlib.pyplot as plt 
from nltk.tokenize import word_tokenize 
from nltk.corpus import stopwords 
from nltk.stem.snowball import SnowballStemmer
from sklearn.feature_extraction.text import TfidfVectorizer  
from sklearn.metrics import f1_score, accuracy_score
from sklearn.model_selection import train_test_split

import torch 
import torch.nn as nn 
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset 

from tqdm.auto import tqdm 
from torchinfo import summary



"""Read the competition files"""

questions = pd.read_csv("./data/train.csv")
test_q = pd.read_csv("./data/test.csv")
subm = pd.read_csv("./data/sample_submission.csv")

N_SAMPLE = 100_000 

subset = questions.sample(N_SAMPLE, random_state=42) 

#subset.target.value_counts(normalize=True).plot(kind="bar")
#plt.show() 

"""
Feature pipeline
- TF-IDF features of each question
- turn them into tensors
- wrap them in loaders
"""
stop_en = stopwords.words("english")
stem = SnowballStemmer(language="english")
def split_and_stem(s): 
    return [stem.stem(t) for t in word_tokenize(s)]
tfidf = TfidfVectorizer(
    lowercase=True, 
    stop_words=stop_en, 
    tokenizer= split_and_stem, 
    max_features=1000
) 

tfidf.fit(subset.question_text) 

feats = tfidf.transform(subset.question_text)
test_feats = tfidf.transform(test_q.question_text) 

"""Hold out a validation part"""
tr_feats, va_feats, tr_y, va_y = train_test_split(
    feats, 
    subset.target, 
    test_size=0.3
)



"""Tensors"""
tr_x_t = torch.tensor(tr_feats.toarray()).type(torch.float32)
tr_y_t = torch.tensor(tr_y.values).type(torch.float32)
va_x_t = torch.tensor(va_feats.toarray()).type(torch.float32)
va_y_t = torch.tensor(va_y.values).type(torch.float32) 
te_x_t = torch.tensor(test_feats.toarray()).type(torch.float32)

"""Loaders""" 
tr_set = TensorDataset(tr_x_t, tr_y_t)
va_set = TensorDataset(va_x_t, va_y_t)
te_set = TensorDataset(te_x_t)  

BS = 120
tr_loader = DataLoader(
    tr_set, 
    batch_size=BS, 
    shuffle=True
)

va_loader = DataLoader(
    va_set, 
    batch_size=BS
)

te_loader = DataLoader(
    te_set, 
    batch_size=BS
) 


"""Network""" 
class TfidfMLP(nn.Module): 
    def __init__(self):
        super().__init__() 
        self.fc1 = nn.Linear(in_features=1000, out_features=512)
        self.fc2 = nn.Linear(in_features=512, out_features=256)
        self.fc3 = nn.Linear(in_features=256, out_features=128)
        self.fc4 = nn.Linear(in_features=128, out_features=1)
    def forward(self, x: torch.Tensor) -> torch.Tensor: 
        h = self.fc1(x)
        h = F.relu(h)
        h = self.fc2(h)
        h = F.relu(h)
        h = self.fc3(h)
        h = F.relu(h)
        h = self.fc4(h) 
        return h  
dev = "cuda" if torch.cuda.is_available() else "cpu"  
net = TfidfMLP().to(dev)

for mb in tr_loader: 
    xb, yb = mb
    xb, yb = xb.to(dev), yb.to(dev)
    print("x shape", xb.shape)
    print("y shape", yb.shape)

    ob = net(xb)
    print("out shape", ob.shape)
    print(ob)

    # logits -> probabilities
    pb = torch.sigmoid(ob[:, 0]) 
    print("p", pb[:10])

    # probabilities -> labels 
    hb = (pb > 0.5).int()
    print(hb[:10]) 

    # quick metrics 
    print("acc", accuracy_score(yb.cpu(), hb.cpu()))
    print("f1", f1_score(yb.cpu(), hb.cpu())) 

    # loss of the hard labels 
    print("bce", F.binary_cross_entropy(hb.float(), yb))
    break

# metrics over a loader
def score(net: nn.Module, loader: torch.utils.data.DataLoader):
    l_hist, a_hist, f_hist = [], [], []
    # every batch
    net.eval()
    with torch.inference_mode():
        for mb in loader:
            x, y = mb
            # move to the device 
            x, y = x.to(dev), y.to(dev) 

            # forward 
            z = net(x).squeeze()

            # probabilities 
            p = torch.sigmoid(z) 

            # weighted loss 
            l = F.binary_cross_entropy(p, y, weight=torch.tensor(15.6).to(dev)) 

            # hard labels
            h = torch.round(p)

            # accuracy and F1 
            a = accuracy_score(y_pred=h.cpu(), y_true=y.cpu()) 
            f = f1_score(y_pred=h.cpu(), y_true=y.cpu())
        
            l_hist.append(l)
            a_hist.append(a)
            f_hist.append(f)

        return torch.mean(torch.tensor(l_hist)).item(), torch.mean(torch.tensor(a_hist)).item(), torch.mean(torch.tensor(f_hist)).item()


#print(score(net, tr_loader))
#print(score(net, va_loader))

#print(summary(net)) 






# optimisation loop 
def train_net(n_epochs: int, lr: float, net: nn.Module, tr_loader: torch.utils.data.DataLoader, va_loader: torch.utils.data.DataLoader):
    opt = torch.optim.Adam(params=net.parameters(), lr=lr, weight_decay=1e-5)  
    hist = []

    for ep in tqdm(range(n_epochs), desc="training..."): 
        # train 
        net.train()
        for mb in tr_loader: 
            # unpack
            x, y = mb
            # move to the device
            x, y = x.to(dev), y.to(dev) 

            # forward 
            z = net(x).squeeze()

            # probabilities 
            p = torch.sigmoid(z)

            # weighted loss 
            l = F.binary_cross_entropy(p, y, weight=torch.tensor(15.6).to(dev)) 

            # update 
            opt.zero_grad()
            l.backward() 
            opt.step() 



        # validate 
        #tl, ta, tf1 = score(net, tr_loader)
        #print(f"\33[34m epoch {ep + 1} | loss {tl:4f} | acc {ta:4f} | f1 {tf1:4f}")

        vl, va, vf1 = score(net, va_loader) 
        print(f"\33[32m epoch {ep + 1} | loss {vl:4f} | acc {va:4f} | f1 {vf1:4f}")
        hist.append((vl, va, vf1))  
    return hist


hist = train_net(n_epochs=6, lr=0.0001, net=net, tr_loader=tr_loader, va_loader=va_loader)

l_curve = [r[0] for r in hist]
a_curve = [r[1] for r in hist]
f_curve = [r[2] for r in hist] 

plt.figure(figsize=(10, 15))
plt.subplot(3, 1, 1)
plt.plot(l_curve)
plt.title("loss")
plt.subplot(3, 1, 2)
plt.plot(a_curve)
plt.title("accuracy")
plt.subplot(3, 1, 3)
plt.plot(f_curve)
plt.title("F1")

plt.suptitle("validation curves")
plt.show() 


# a few random questions 
few = questions.sample(10)  
print(few) 

def label_frame(frame): 
    x = tfidf.transform(frame.question_text) 
    x = torch.tensor(x.toarray()).float().to(dev)

    z = net(x).squeeze()
    p = torch.sigmoid(z)
    h = torch.round(p) 
    return h 

#h = label_frame(few)
#print(few)
#print(h)
#print(few.target.values) 

def label_text(s): 
    frame = pd.DataFrame({"question_text": [s]}) 
    x = tfidf.transform(frame.question_text)
    xt = torch.tensor(x.toarray()).float().to(dev) 

    net.eval()
    with torch.inference_mode():
        z = net(xt) 
        p = torch.sigmoid(z) 
        h = torch.round(p) 
        return h 


print(label_text("What is the function of a plasma cell?"))
print(label_text("What can't liberals realize that they're stupid?")) 

#s = input("question: ")
#print(label_text(s)) 

"""Predictions for the test file""" 

def predict_all(loader):
    net.eval()
    with torch.inference_mode():
        outs = []
        for mb in te_loader: 
            x = mb[0]
            x = x.to(dev) 
            z = net(x)
            p = torch.sigmoid(z)
            h = torch.round(p)
            outs.append(h.cpu().detach().numpy())

        
        return np.concatenate(outs)

te_pred = predict_all(te_loader)

subm.prediction = te_pred 

subm.to_csv("submission.csv", index=None)
