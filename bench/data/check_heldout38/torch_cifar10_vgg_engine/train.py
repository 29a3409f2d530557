
import torch
import data_setup, model_builder, engine, utils
from torchvision import transforms
import torch.nn as nn

from torchvision import datasets
from torchvision.transforms import ToTensor

settings = utils.load_settings()

LR = settings['learning_rate']
DECAY = settings['weight_decay']
MOMENT = settings['momentum']
BATCH = settings['batch_size']
EPOCHS = settings['num_epochs']

to_tensor_norm = transforms.Compose(
    [transforms.ToTensor(),
     transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))])

train_dataset = datasets.CIFAR10(
    root="data",
    train=True,
    download=True,
    transform=to_tensor_norm,
)

test_dataset = datasets.CIFAR10(
    root="data",
    train=False,
    download=True,
    transform=to_tensor_norm,
)

dev = "cuda" if torch.cuda.is_available() else "cpu"

model = model_builder.CifarVggNet().to(dev)

criterion_loss = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(params=model.parameters(),
                            lr=LR,
                            weight_decay=DECAY,
                            momentum=MOMENT)

train_loader, test_loader = data_setup.make_loaders(train_dataset, test_dataset, BATCH)

engine.fit_model(model, EPOCHS, train_loader, test_loader, optimizer, criterion_loss, dev, utils.accuracy_percent)

utils.store_model(model, "models", "CIFAR10_V0.pth")
