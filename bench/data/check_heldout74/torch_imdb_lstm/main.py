import os
import time
import load_data
import torch
import torch.nn.functional as F
from torch.autograd import Variable
import torch.optim as optim
import numpy as np
from models.LSTM import LSTMClassifier

FIELD, n_vocab, emb_weights, tr_iter, va_iter, te_iter = load_data.load_dataset()

def clamp_grads(net, limit):
    ps = list(filter(lambda p: p.grad is not None, net.parameters()))
    for p in ps:
        p.grad.data.clamp_(-limit, limit)
    
def run_train(net, it, ep):
    sum_loss = 0
    sum_acc = 0
    net.cuda()
    opt = torch.optim.Adam(filter(lambda p: p.requires_grad, net.parameters()))
    n_steps = 0
    net.train()
    for b_idx, mb in enumerate(it):
        tokens = mb.text[0]
        gold = mb.label
        gold = torch.autograd.Variable(gold).long()
        if torch.cuda.is_available():
            tokens = tokens.cuda()
            gold = gold.cuda()
        if (tokens.size()[0] is not 32):# the bucket iterator can hand back a short final batch
            continue
        opt.zero_grad()
        logits = net(tokens)
        loss = criterion(logits, gold)
        hits = (torch.max(logits, 1)[1].view(gold.size()).data == gold.data).float().sum()
        acc = 100.0 * hits/len(mb)
        loss.backward()
        clamp_grads(net, 1e-1)
        opt.step()
        n_steps += 1
        
        if n_steps % 100 == 0:
            print (f'ep {ep+1}, batch {b_idx+1}, loss {loss.item():.4f}, acc {acc.item(): .2f}%')
        
        sum_loss += loss.item()
        sum_acc += acc.item()
        
    return sum_loss/len(it), sum_acc/len(it)

def run_eval(net, it):
    sum_loss = 0
    sum_acc = 0
    net.eval()
    with torch.no_grad():
        for b_idx, mb in enumerate(it):
            tokens = mb.text[0]
            if (tokens.size()[0] is not 32):
                continue
            gold = mb.label
            gold = torch.autograd.Variable(gold).long()
            if torch.cuda.is_available():
                tokens = tokens.cuda()
                gold = gold.cuda()
            logits = net(tokens)
            loss = criterion(logits, gold)
            hits = (torch.max(logits, 1)[1].view(gold.size()).data == gold.data).sum()
            acc = 100.0 * hits/len(mb)
            sum_loss += loss.item()
            sum_acc += acc.item()

    return sum_loss/len(it), sum_acc/len(it)
	

lr = 2e-5
bs = 32
n_out = 2
n_hidden = 256
emb_dim = 300

net = LSTMClassifier(bs, n_out, n_hidden, n_vocab, emb_dim, emb_weights)
criterion = F.cross_entropy

for ep in range(10):
    tr_loss, tr_acc = run_train(net, tr_iter, ep)
    va_loss, va_acc = run_eval(net, va_iter)
    
    print(f'ep {ep+1:02}, train loss {tr_loss:.3f}, train acc {tr_acc:.2f}%, val loss {va_loss:3f}, val acc {va_acc:.2f}%')
    
te_loss, te_acc = run_eval(net, te_iter)
print(f'test loss {te_loss:.3f}, test acc {te_acc:.2f}%')

''' Quick check of the classifier on two hand-written reviews. '''
review_a = "A wonderful film from start to finish, the score and the acting carried every scene."
review_b = "Dull and far too long. I would not suggest it to anybody, a waste of an evening."

review_a = FIELD.preprocess(review_a)
review_a = [[FIELD.vocab.stoi[w] for w in review_a]]

review_b = FIELD.preprocess(review_b)
review_b = [[FIELD.vocab.stoi[w] for w in review_b]]

review_arr = np.asarray(review_a)
review_arr = torch.LongTensor(review_arr)
review_t = Variable(review_arr, volatile=True)
review_t = review_t.cuda()
net.eval()
out = net(review_t, 1)
probs = F.softmax(out, 1)
if (torch.argmax(probs[0]) == 1):
    print ("positive review")
else:
    print ("negative review")
