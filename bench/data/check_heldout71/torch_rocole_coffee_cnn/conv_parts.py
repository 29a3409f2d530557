import torch
import torch.nn as nn
import torch.nn.functional as F

# shared step logic for the leaf classifiers
class LeafStepsBase(nn.Module):
    
    def fit_step(self, batch):
        pics, targets = batch 

        # forward
        logits = self(pics)

        # loss          
        loss = F.cross_entropy(logits, targets) 

        # accuracy
        acc = batch_accuracy(logits, targets)      

        return loss, acc
    
    def check_step(self, batch, final):
        pics, targets = batch 

        # forward
        logits = self(pics)
        
        # loss                   
        loss = F.cross_entropy(logits, targets)   
        
        # accuracy
        acc = batch_accuracy(logits, targets)   

        if final:
            return logits, targets, {'check_loss': loss.detach(), 'check_acc': acc}
        return {'check_loss': loss.detach(), 'check_acc': acc}
        
    def check_epoch_end(self, outs):
        losses = [o['check_loss'] for o in outs]

        # mean loss
        mean_loss = torch.stack(losses).mean()   
        accs = [o['check_acc'] for o in outs]

        # mean accuracy
        mean_acc = torch.stack(accs).mean()      
        return {'check_loss': mean_loss.item(), 'check_acc': mean_acc.item()}
    
    def epoch_end(self, ep, summary):
        print("epoch {}: fit acc {:.4f}, fit loss {:.4f}, check loss {:.4f}, check acc {:.4f}".format(
            ep + 1, summary['fit_acc'], summary['fit_loss'], summary['check_loss'], summary['check_acc']))

# three conv-conv-pool stages then a fully connected head
# (layout follows the usual conv/relu/conv/relu/pool recipe)
class LeafConvNet(LeafStepsBase):
    def __init__(self):
        super().__init__()
        self.network = nn.Sequential(
            nn.Conv2d(3, 32, kernel_size = 3, padding = 1),
            nn.ReLU(), 
            nn.Conv2d(32, 64, kernel_size = 3, padding = 1), 
            nn.ReLU(),
            nn.MaxPool2d(2, 2), 

            nn.Conv2d(64, 128, kernel_size = 3, padding = 1),
            nn.ReLU(), 
            nn.Conv2d(128, 128, kernel_size = 3, padding = 1), 
            nn.ReLU(),
            nn.MaxPool2d(2, 2), 
            
            nn.Conv2d(128, 256, kernel_size = 3, stride = 1, padding = 1),
            nn.ReLU(),
            nn.Conv2d(256, 256, kernel_size = 3, stride = 1, padding = 1),
            nn.ReLU(),
            nn.MaxPool2d(2, 2),

            nn.Flatten(),
            nn.Linear(102400, 1024),
            nn.ReLU(),
            nn.Linear(1024, 512),
            nn.ReLU(),
            nn.Linear(512, 6)
        )

    def forward(self, x):
        return self.network(x)

# stops the run once the held-out loss has not improved for a while
# patience: epochs to wait without improvement
# min_delta: smallest drop that counts as an improvement
class StopWhenFlat():
    
    def __init__(self, patience = 7, min_delta = 0):
        self.patience = patience
        self.min_delta = min_delta
        self.waited = 0
        self.best = None
        self.should_stop = False

    def __call__(self, check_loss):
        if self.best == None:
            self.best = check_loss
        elif self.best - check_loss > self.min_delta:
            self.best = check_loss

            # improvement resets the wait
            self.waited = 0
        elif self.best - check_loss < self.min_delta:
            self.waited += 1
            print("no improvement {}/{}".format(self.waited, self.patience))
            if self.waited >= self.patience:
                print('stopping early')
                self.should_stop = True


# moves every batch of a loader onto the device
class OnDeviceLoader():    
    def __init__(self, dl, device):
        self.dl = dl
        self.device = device
    
    def __iter__(self):
        # hand out batches already on the device
        for b in self.dl:
            yield move_to(b, self.device)
            
    def __len__(self):
        # batch count
        return len(self.dl)

# moves tensors (or lists of them) to the device   
def move_to(obj, device):
    if isinstance(obj,(list,tuple)):
        return [move_to(o, device) for o in obj]

    return obj.to(device, non_blocking = True)

def batch_accuracy(logits, targets):
    _, guess = torch.max(logits, dim=1)
    return torch.tensor(torch.sum(guess == targets).item() / len(guess))