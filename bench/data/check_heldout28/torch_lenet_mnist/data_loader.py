from torch.utils.data import DataLoader
from torchvision import datasets, transforms

preprocess = transforms.Compose([
    transforms.Resize((32,32)),
    transforms.ToTensor(),
    transforms.Normalize((0.5,),(0.5))
])

batch_size = 64

train_dataset = datasets.MNIST(root='./data', train=True, transform=preprocess, download=True)
test_dataset = datasets.MNIST(root='./data', train=False, transform=preprocess, download=True)

train_loader = DataLoader(train_dataset, batch_size=batch_size, shuffle=True)
test_loader = DataLoader(test_dataset, batch_size=batch_size, shuffle=False)

print("loaders built")
