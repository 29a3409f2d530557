# validate() runs with autograd on; evaluate() is called under torch.no_grad(), test() is decorated: both fine.
import torch
from torch import nn

model = nn.Linear(10, 2).cuda()
criterion = nn.CrossEntropyLoss()


def validate(model, loader):
    model.eval()
    total = 0.0
    for x, y in loader:
        output = model(x.cuda())
        total += criterion(output, y.cuda()).item()
    return total


def evaluate(model, loader):
    model.eval()
    correct = 0
    for x, y in loader:
        correct += (model(x.cuda()).argmax(1) == y.cuda()).sum().item()
    return correct


@torch.no_grad()
def test(model, loader):
    model.eval()
    return [model(x.cuda()).argmax(1).cpu() for x, _y in loader]


val_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.zeros(8, 10), torch.zeros(8)))
validate(model, val_loader)
with torch.no_grad():
    evaluate(model, val_loader)
test(model, val_loader)
