# source: https://github.com/pytorch/tutorials/blob/039ee0ead6a2b72669cc75bee113f8b009e86a8c/beginner_source/transfer_learning_tutorial.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import copy
import os
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision
from torch.functional import F
from torch.optim import lr_scheduler
from torchvision import datasets, models, transforms

torch.manual_seed(0)
random.seed(0)
np.random.seed(0)

preprocess = {
    'train': transforms.Compose([
        transforms.RandomResizedCrop(224),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
    ]),
    'val': transforms.Compose([
        transforms.Resize(256),
        transforms.CenterCrop(224),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
    ]),
}
root = 'data/cubsub'
folders = {s: datasets.ImageFolder(os.path.join(root, s), preprocess[s]) for s in ['train', 'val']}
loaders = {s: torch.utils.data.DataLoader(folders[s], batch_size=64, shuffle=(s == 'train'), num_workers=4)
           for s in ['train', 'val']}
split_sizes = {s: len(folders[s]) for s in ['train', 'val']}
class_names = folders['train'].classes
device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")


def fit(model, loss_fn, optimizer, scheduler, epochs=25):
    best_state = copy.deepcopy(model.state_dict())
    best_acc = 0.0
    for epoch in range(epochs):
        for split in ['train', 'val']:
            if split == 'train':
                model.train()
            else:
                model.eval()
            loss_total = 0.0
            hits = 0
            for inputs, labels in loaders[split]:
                inputs = inputs.to(device)
                labels = labels.to(device)
                optimizer.zero_grad()
                with torch.set_grad_enabled(split == 'train'):
                    outputs = model(inputs)
                    logits = outputs[1] if isinstance(outputs, tuple) else outputs
                    _, preds = torch.max(logits, 1)
                    loss = loss_fn(outputs, labels)
                    if split == 'train':
                        loss.backward()
                        optimizer.step()
                loss_total += loss.item() * inputs.size(0)
                hits += torch.sum(preds == labels.data)
            if split == 'train':
                scheduler.step()
            epoch_acc = hits.double() / split_sizes[split]
            if split == 'val' and epoch_acc > best_acc:
                best_acc = epoch_acc
                best_state = copy.deepcopy(model.state_dict())
    model.load_state_dict(best_state)
    return model


frozen = torchvision.models.resnet18(pretrained=True)
for param in frozen.parameters():
    param.requires_grad = False
frozen.fc = nn.Linear(frozen.fc.in_features, len(class_names))
frozen = frozen.to(device)
criterion = nn.CrossEntropyLoss()
head_opt = optim.SGD(frozen.fc.parameters(), lr=0.01, momentum=0.9)
frozen = fit(frozen, criterion, head_opt, lr_scheduler.StepLR(head_opt, step_size=7, gamma=0.1), epochs=25)

tuned = models.resnet18(pretrained=True)
tuned.fc = nn.Linear(tuned.fc.in_features, len(class_names))
tuned = tuned.to(device)
criterion = nn.CrossEntropyLoss()
groups = [{"params": [p for n, p in tuned.named_parameters() if 'fc' in n], "lr": 1e-2},
          {"params": [p for n, p in tuned.named_parameters() if 'fc' not in n], "lr": 1e-3}]
tune_opt = optim.SGD(groups, momentum=0.9)
tuned = fit(tuned, criterion, tune_opt, lr_scheduler.StepLR(tune_opt, step_size=7, gamma=0.1), epochs=25)


class DualHead(nn.Module):
    def __init__(self, old_head, n_classes):
        super(DualHead, self).__init__()
        self.old_head = old_head
        self.new_head = nn.Linear(old_head.in_features, n_classes)

    def forward(self, feats):
        return self.old_head(feats), self.new_head(feats)

    def deploy(self):
        return copy.deepcopy(self.new_head)


class RelationshipLoss(nn.Module):
    def __init__(self, trade_off):
        super().__init__()
        self.trade_off = trade_off
        self.fitted = False
        self.relationship = torch.Tensor([0, 0, 0])

    def to(self, device):
        self.relationship = self.relationship.to(device=device)
        return self

    def fit(self, source_logits, target_labels):
        n_target = target_labels.max().item() + 1
        source_prob = F.softmax(source_logits, dim=-1)
        self.relationship = torch.stack([torch.mean(source_prob[target_labels == i], dim=0) for i in range(n_target)])
        self.fitted = True

    def forward(self, outputs, target):
        old_out, new_out = outputs
        main_loss = F.cross_entropy(new_out, target)
        soft = self.relationship[target]
        aux = - (F.log_softmax(old_out, dim=-1) * soft).sum(dim=-1).mean(dim=0)
        return main_loss + self.trade_off * aux


cotuned = models.resnet18(pretrained=True).to(device)
criterion = RelationshipLoss(trade_off=2.3)
with torch.no_grad():
    was_training = cotuned.training
    cotuned.eval()
    source_logits = []
    target_labels = []
    for i, (inputs, labels) in enumerate(loaders['train']):
        inputs = inputs.to(device)
        labels = labels.to(device)
        outputs = cotuned(inputs)
        logits = outputs[1] if isinstance(outputs, tuple) else outputs
        source_logits.append(logits.cpu())
        target_labels.append(labels.cpu())
    source_logits = torch.cat(source_logits)
    target_labels = torch.cat(target_labels)
    criterion.fit(source_logits, target_labels)
    cotuned.train(mode=was_training)

cotuned.fc = DualHead(cotuned.fc, len(class_names))
cotuned = cotuned.to(device)
criterion = criterion.to(device)
groups = [{"params": [p for n, p in cotuned.named_parameters() if 'new' in n], "lr": 1e-2},
          {"params": [p for n, p in cotuned.named_parameters() if 'new' not in n], "lr": 1e-3}]
co_opt = optim.SGD(groups, momentum=0.9)
cotuned = fit(cotuned, criterion, co_opt, lr_scheduler.StepLR(co_opt, step_size=7, gamma=0.1), epochs=25)
