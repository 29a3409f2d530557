from torchvision import transforms

# tensor conversion, then back to the 0-255 range
transform = transforms.Compose([
    transforms.ToTensor(),
    transforms.Lambda(lambda x: x * 255)  # undo ToTensor's scaling
])
