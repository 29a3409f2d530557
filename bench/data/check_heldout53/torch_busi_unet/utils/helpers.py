import torch



# Writing and reading weights
def write_weights(weights, filename):
    # if torch.cuda.is_available():
    #     net.to('cpu')  # move to the CPU before writing
    torch.save(weights, filename)



def read_weights(net, filename):
    if torch.cuda.is_available():
        # Read on the CPU, then move the network to the GPU
        net.load_state_dict(torch.load(filename, map_location=torch.device('cpu')))
        net.to('cuda')
    else:
        net.load_state_dict(torch.load(filename, map_location=torch.device('cpu')))
    return net




# Dice score of two masks
def dice_score(pred_mask, target_mask, eps=1e-7):
    assert pred_mask.size() == target_mask.size()
    overlap = torch.sum(pred_mask * target_mask)
    total = torch.sum(pred_mask) + torch.sum(target_mask)
    score = (2. * overlap + eps) / (total + eps)
    return score



# Dice loss is one minus the score
def dice_loss(pred_mask, target_mask, eps=1e-7):
    return 1 - dice_score(pred_mask, target_mask)



# Tensor to a NumPy array on the CPU
def to_numpy(tensor):
    return tensor.cpu().detach().numpy()



# A subset holding a fixed number of samples of each class
def balanced_subset(loader, per_class=50):
    counts = {0: 0, 1: 0, 2: 0}
    picked = []

    for images, masks, labels in loader:
        for image, mask, label in zip(images, masks, labels):
            if label.item() in counts and counts[label.item()] < per_class:
                picked.append((image, mask, label))
                counts[label.item()] += 1
            if all(c >= per_class for c in counts.values()):
                break
        if all(c >= per_class for c in counts.values()):
            break

    return picked
