import torch

# truth and guesses for a confusion matrix

def get_Ytrue_YPredict(net, data_loader):
    truth = []
    guesses = []
    net.eval()
    n = 0
    for tiles, tags in data_loader:
        if  torch.cuda.is_available():
            tiles = tiles.cuda()
            tags = tags.cuda()

        logits = net(tiles)                           
        _, guess = torch.max(logits.data, 1)       
        
        guess = guess.view(-1).cpu().numpy()
        tags = tags.view(-1).cpu().numpy()
        truth.extend([x for x in tags])
        guesses.extend([x for x in guess])
        n += 1
    net.train()
    
    return truth, guesses
