from __future__ import print_function, division

import os

import torch
import torch.nn as nn
import torch.optim as optim
# tensorboardX for the curves
from tensorboardX import SummaryWriter
from torch.optim import lr_scheduler
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

from net import SimpleConvThree

writer = SummaryWriter('logs')  # event files go under logs/


# the training routine
#
def train_model(model, criterion, optimizer, scheduler, num_epochs=25):
    for epoch in range(num_epochs):
        print('Epoch {}/{}'.format(epoch, num_epochs - 1))
        for phase in ['train', 'val']:
            if phase == 'train':
                model.train(True)  # train mode
            else:
                model.train(False)  # eval mode

            running_loss = 0.0  # summed loss
            running_accs = 0.0  # summed correct
            number_batch = 0

            # batches of this phase
            for data in dataloaders[phase]:
                inputs, labels = data
                if use_gpu:
                    inputs = inputs.cuda()
                    labels = labels.cuda()

                optimizer.zero_grad()  # clear grads
                outputs = model(inputs)  # forward
                _, preds = torch.max(outputs.data, 1)  # predicted class index
                loss = criterion(outputs, labels)  # loss
                if phase == 'train':
                    loss.backward()  # backprop
                    optimizer.step()  # update
                    scheduler.step()  # LR step moved here, per batch

                running_loss += loss.data.item()
                running_accs += torch.sum(preds == labels).item()
                number_batch += 1

            # epoch means
            epoch_loss = running_loss / number_batch
            epoch_acc = running_accs / dataset_sizes[phase]

            # log for tensorboard
            if phase == 'train':
                writer.add_scalar('data/trainloss', epoch_loss, epoch)
                writer.add_scalar('data/trainacc', epoch_acc, epoch)
            else:
                writer.add_scalar('data/valloss', epoch_loss, epoch)
                writer.add_scalar('data/valacc', epoch_acc, epoch)

            print('{} Loss: {:.4f} Acc: {:.4f}'.format(
                phase, epoch_loss, epoch_acc))

    writer.close()
    return model


if __name__ == '__main__':

    image_size = 64  # resize target
    crop_size = 48  # crop fed to the net
    nclass = 4  # number of classes
    model = SimpleConvThree(nclass)  # build the net
    data_dir = './data'  # data root

    # checkpoint folder
    if not os.path.exists('models'):
        os.mkdir('models')

    # use CUDA when present
    use_gpu = torch.cuda.is_available()
    if use_gpu:
        model = model.cuda()
    print(model)

    # augmentation for train, center crop for val
    data_transforms = {
        'train': transforms.Compose([
            transforms.RandomResizedCrop(48),
            transforms.RandomHorizontalFlip(),
            transforms.ToTensor(),
            transforms.Normalize([0.5, 0.5, 0.5], [0.5, 0.5, 0.5])
        ]),
        'val': transforms.Compose([
            transforms.Resize(image_size),
            transforms.CenterCrop(crop_size),
            transforms.ToTensor(),
            transforms.Normalize([0.5, 0.5, 0.5], [0.5, 0.5, 0.5])
        ]),
    }

    # ImageFolder for each split
    image_datasets = {x: datasets.ImageFolder(os.path.join(data_dir, x),
                                              data_transforms[x]) for x in ['train', 'val']}

    # loaders with 4 workers
    dataloaders = {x: DataLoader(image_datasets[x],
                                 batch_size=64,
                                 shuffle=True,
                                 num_workers=4) for x in ['train', 'val']}
    # split sizes
    dataset_sizes = {x: len(image_datasets[x]) for x in ['train', 'val']}

    # cross-entropy, SGD with momentum, step LR every 100 steps
    criterion = nn.CrossEntropyLoss()
    optimizer_ft = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    step_lr_scheduler = lr_scheduler.StepLR(optimizer_ft, step_size=100, gamma=0.1)

    model = train_model(model=model,
                        criterion=criterion,
                        optimizer=optimizer_ft,
                        scheduler=step_lr_scheduler,
                        num_epochs=300)

    torch.save(model.state_dict(), 'models/model1.pt')
