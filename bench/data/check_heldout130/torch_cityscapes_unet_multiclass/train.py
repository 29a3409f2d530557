import torch 
import torch.optim as optim
import torch.nn as nn
import torch.nn.functional as F
from torchvision import transforms
from tqdm import tqdm
from utils import *
from model import UNET

if torch.cuda.is_available():
    RUN_ON = 'cuda:0'
    print('GPU found, using it')
else:
    RUN_ON = "cpu"
    print('No GPU, falling back to CPU')

CKPT_FILE = 'PATH-TO-CHECKPOINT'
RESUME = False
DATA_ROOT = '../datasets/cityscapes'
H = 110  
W = 220  
BS = 16 
LR = 0.0005
N_EPOCHS = 5

def one_epoch(loader, net, opt, criterion, device):
    print('starting an epoch')
    history = []
    loader = tqdm(loader)
    for step, pair in enumerate(loader): 
        inp, target = pair
        inp, target = inp.to(device), target.to(device)
        out = net(inp)
    
        loss = criterion(out, target)
        opt.zero_grad()
        loss.backward()
        opt.step()

    return loss.item()
        

def main():
    global start_epoch
    start_epoch = 0 # becomes the saved epoch + 1 when RESUME is set
              
    EPOCH_LOSSES = [] # one value per finished epoch
    
    resize = transforms.Compose([
        transforms.Resize((H, W), interpolation=Image.NEAREST),
    ]) 

    loader = get_cityscapes_data(
        split='train',
        mode='fine',
        relabelled=True,
        root_dir=DATA_ROOT,
        transforms=resize,
        batch_size=BS,
    )

    print('loader ready')

    # network, optimiser and criterion
    net = UNET(in_channels=3, classes=19).to(RUN_ON).train()
    opt = optim.Adam(net.parameters(), lr=LR)
    criterion = nn.CrossEntropyLoss(ignore_index=255) 

    # optionally continue from a checkpoint
    if RESUME == True:
        state = torch.load(CKPT_FILE)
        net.load_state_dict(state['model_state_dict'])
        opt.load_state_dict(state['optim_state_dict'])
        start_epoch = state['epoch']+1
        EPOCH_LOSSES = state['loss_values']
        print("checkpoint restored")    

    # main loop over epochs
    for ep in range(start_epoch, N_EPOCHS):
        print(f'epoch {ep}')
        last_loss = one_epoch(loader, net, opt, criterion, RUN_ON)
        EPOCH_LOSSES.append(last_loss) 
        torch.save({
            'model_state_dict': net.state_dict(),
            'optim_state_dict': opt.state_dict(),
            'epoch': ep,
            'loss_values': EPOCH_LOSSES
        }, CKPT_FILE)
        print("epoch done, checkpoint written")


if __name__ == '__main__':
    main()
