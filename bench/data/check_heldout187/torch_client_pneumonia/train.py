# One local epoch for a node.
import torch
import torch.nn.functional as F
from torch.nn import CrossEntropyLoss, BCEWithLogitsLoss
from tqdm import tqdm

loss_fn = CrossEntropyLoss()

def train(args, model, train_loader, optimizer, epoch, logger):
    batch_idx = 0
    total_loss = 0
    for (data, gt) in tqdm(train_loader):
        data, gt = data.to(args['device']), gt.to(args['device'])
        optimizer.zero_grad()
        output = model(data)
        loss = loss_fn(output, gt)
        loss.backward()
        optimizer.step()
        total_loss += loss.item()
    total_loss /= len(train_loader.dataset)
    print("total_loss:", total_loss)


