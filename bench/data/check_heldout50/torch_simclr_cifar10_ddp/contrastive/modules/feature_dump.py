import torch

def dump_features(loader, net, card):
    """ Run every image of a loader through the trained encoder
    
        Args:
            loader (torch DataLoader): images to turn into feature vectors
            net (nn.Module): the pretrained SimCLR network
            card (int): index of the GPU this worker owns
    """
    
    vecs = []
    labs = []
    for step, (img, lab) in enumerate(loader):
        img = img.cuda(card)
        lab = lab.cuda(card)
        
        with torch.no_grad():
            h, _, _, _ = net(img, img)
        
        vecs.append(h)
        labs.append(lab)
    
    vecs = torch.cat(vecs, dim=0)
    labs = torch.cat(labs, dim=0)
    
    
    return vecs, labs
