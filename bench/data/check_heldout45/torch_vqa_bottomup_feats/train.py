import torch
import torch.nn as nn
from dataset import QADataset
from vqa_model import VQAModel
def fit_model():
    net = VQAModel(18248, 300)
    saved = torch.load('checkpoint.tar')
    net.load_state_dict(saved)
    net.train()
    opt = torch.optim.Adam(net.grad_params(), 0.001)
    ds = QADataset('', 'train')
    batches = torch.utils.data.DataLoader(ds, batch_size=512, shuffle=True)
    dev = torch.device("cuda:0")
    top_score = 63.33
    net.to(dev)
    for feats, boxes, spatial, n_obj, target, tokens, n_tokens, qid in batches:
        feats, boxes, spatial, n_obj, target, tokens, n_tokens, qid = feats.to(dev), boxes.to(dev), spatial.to(dev), \
                                             n_obj.to(dev), target.to(dev), tokens.to(dev), n_tokens.to(dev), qid.to(dev)
                                             
        opt.zero_grad()
        logits=net(tokens,n_tokens, feats,n_obj)
        loss = soft_bce(logits, target)
       
        loss_val =  round(loss.item(),3)
        loss.backward()
        nn.utils.clip_grad_norm_(net.grad_params(), 5)
        opt.step()

        score = soft_accuracy(logits, target)
        print(loss)
        if score > top_score:
            print(score,loss)
            top_score = score
            print('writing checkpoint')
            torch.save(net.state_dict(), 'checkpoint.tar')
def soft_bce(logits, target):
    loss = nn.functional.binary_cross_entropy_with_logits(logits, target).to(target.device)
    loss *= target.size(1)
    return loss
def evaluate():
    net = VQAModel(18248, 300)
    saved = torch.load('checkpoint.tar')
    ds = QADataset('', 'val')
    net.eval()
    net.load_state_dict(saved)
    dev = torch.device('cuda:0')
    net.to(dev)
    batches = torch.utils.data.DataLoader(ds, batch_size=512)
    for feats, boxes, spatial, n_obj, target, tokens, n_tokens, qid in batches:
        feats, boxes, spatial, n_obj, target, tokens, n_tokens, qid = feats.to(dev), boxes.to(dev), spatial.to(dev), \
                                             n_obj.to(dev), target.to(dev), tokens.to(dev), n_tokens.to(dev), qid.to(dev)
        with torch.no_grad():
            logits = net(tokens, n_tokens, feats, n_obj)

        score = round(soft_accuracy(logits, target),3)
        print(score)
def soft_accuracy(logits, target):
    best = logits.max(dim = 1)[1] # index of the top answer
    best.unsqueeze_(1).to(target.device)
    picked = torch.zeros(*target.size()).to(target.device)
    picked.scatter_(1, best, 1)
    score = (picked * target).sum() / target.size(0) * 100
    return score.item()

evaluate()
