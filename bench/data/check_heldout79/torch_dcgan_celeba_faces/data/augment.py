import torch
import torchvision.transforms as transforms

def train_augmentation(image_size=64, apply_prob=0.5):
    """
    Geometric: flips, small rotations, shifts; then resize and crop,
    colour jitter, and a little additive noise.
    
    Args:
        image_size: side of the output images
        apply_prob: chance of each random transform
        
    Returns:
        the composed transform
    """
    return transforms.Compose([
        # geometric
        transforms.RandomHorizontalFlip(),
        transforms.RandomApply([transforms.RandomRotation(10)], p=apply_prob),
        transforms.RandomApply([transforms.RandomAffine(degrees=0, translate=(0.1, 0.1))], p=apply_prob),
        
        # size
        transforms.Resize(int(image_size * 1.1)),
        transforms.RandomCrop(image_size),
        
        # colour
        transforms.RandomApply([transforms.ColorJitter(
            brightness=0.2, contrast=0.2, saturation=0.2, hue=0.05
        )], p=apply_prob),
        
        # tensor in [-1, 1]
        transforms.ToTensor(),
        transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)),
        
        # noise
        transforms.RandomApply([
            transforms.Lambda(lambda x: x + torch.randn_like(x) * 0.05)
        ], p=apply_prob/2),
    ])
