import time
import os

import numpy as np
import torch
import torch.optim as optim
from torch import nn
from torch.autograd import Variable

import torchvision
import torchvision.models as models
import torch.utils.model_zoo as model_zoo
import torchvision.transforms as transforms
from torchvision import datasets

from itertools import accumulate
from functools import reduce

weight_urls = {
    'alexnet': 'https://download.pytorch.org/models/alexnet-owt-4df8aa71.pth',
    'densenet169': 'https://download.pytorch.org/models/densenet169-6f0f7f60.pth',
    'inception_v3': 'https://download.pytorch.org/models/inception_v3_google-1a9a5a14.pth',
    'resnet34': 'https://download.pytorch.org/models/resnet34-333f7ec4.pth',
    'squeezenet1_1': 'https://download.pytorch.org/models/squeezenet1_1-f364aa15.pth',
    'vgg13': 'https://download.pytorch.org/models/vgg13-c768596a.pth',
}

arch_names = weight_urls.keys()

crop_sizes = {
    'alexnet' : (224,224),
    'densenet': (224,224),
    'resnet' : (224,224),
    'inception' : (299,299),
    'squeezenet' : (224,224),# 224 rather than 255 for squeezenet
    'vgg' : (224,224)
}

arch_list = ['alexnet', 'densenet169', 'inception_v3', \
                  'resnet34', 'squeezenet1_1', 'vgg13']

batch_n = 20
on_cuda = torch.cuda.is_available()

def mismatched_states(ref_state, other_state):
    keys_a, keys_b = (list(ref_state.keys()), list(other_state.keys()))
    missing_a = [key for key in keys_a if key not in keys_b]
    missing_b = [key for key in keys_b if key not in keys_a]
    assert len(missing_a) == 0
    assert len(missing_b) == 0

    for arch, t_a in ref_state.items():
        t_b = other_state[arch]
        assert hasattr(t_b, 'size')
        if t_a.size() != t_b.size():
            yield (arch, t_a)

def build_pretrained_model(arch, n_classes):
    net_model = models.__dict__[arch](num_classes=n_classes)
    if arch == 'densenet169':
        net_model = torchvision.models.DenseNet(num_init_features=64, growth_rate=32, \
                                            block_config=(6, 12, 32, 32), num_classes=n_classes)
    hub_state = model_zoo.load_url(weight_urls[arch])

    swapped = [item for item in mismatched_states(net_model.state_dict(), hub_state)]
    print("re-initialised layers of", arch, ":", \
          [pair[0] for pair in swapped])
    for arch, fresh in swapped:
        hub_state[arch] = fresh
    assert len([item for item in mismatched_states(net_model.state_dict(), hub_state)]) == 0
    net_model.load_state_dict(hub_state)
    return net_model, swapped

def select_params(cnn, tune_names=None):
    def is_tuned(item):
        for pp in tune_names:
            if item.endswith(pp):
                return True
        return False
    param_iter = cnn.named_parameters() if tune_names is None \
    else (pp for pp in cnn.named_parameters() if is_tuned(pp[0]))
    return param_iter

def make_loaders(crop_hw):

    split_tfms = {
        'train': transforms.Compose([
            transforms.RandomSizedCrop(max(crop_hw)),
            transforms.RandomHorizontalFlip(),
            transforms.ToTensor(),
            transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
        ]),
        'val': transforms.Compose([
            transforms.Scale(int(max(crop_hw)/224*256)),
            transforms.CenterCrop(max(crop_hw)),
            transforms.ToTensor(),
            transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
        ]),
    }

    data_root = 'PlantVillage'
    split_datasets = {split: datasets.ImageFolder(os.path.join(data_root, split), split_tfms[split])
             for split in ['train', 'val']}
    split_loaders = {split: torch.utils.data.DataLoader(split_datasets[split], batch_size=batch_n,
                                                   shuffle=True)
                    for split in ['train', 'val']}
    return split_loaders['train'], split_loaders['val']

def train_model(cnn, train_loader, tune_names=None, n_epochs=15):
    def is_tuned(item):
        for pp in tune_names:
            if item.endswith(pp):
                return True
        return False
    ce_loss_fn = nn.CrossEntropyLoss()
    if on_cuda:
        ce_loss_fn = ce_loss_fn.cuda()
    param_iter = (pp for pp in select_params(cnn, tune_names))
    if tune_names:
        for frozen in (pp for pp in cnn.named_parameters() if not is_tuned(pp[0])):
            frozen[1].requires_grad = False
    sgd_optimizer = optim.SGD((pp[1] for pp in param_iter), lr=0.001, momentum=0.9)

    loss_trace = []
    for epoch_i in range(n_epochs):

        loss_window = 0.0
        for i, batch_data in enumerate(train_loader, 0):
            inputs_b, labels_b = batch_data
            if on_cuda:
                inputs_b, labels_b = Variable(inputs_b.cuda()), Variable(labels_b.cuda(non_blocking=True))
            else:
                inputs_b, labels_b = Variable(inputs_b), Variable(labels_b)

            sgd_optimizer.zero_grad()

            logits = cnn(inputs_b)
            batch_loss = None
            if isinstance(logits, tuple):
                batch_loss = sum((ce_loss_fn(head,labels_b) for head in logits))
            else:
                batch_loss = ce_loss_fn(logits, labels_b)
            batch_loss.backward()
            sgd_optimizer.step()

            loss_window += batch_loss.data[0]
            if i % 30 == 29:
                mean_loss = loss_window / 30
                loss_trace.append(mean_loss)
                print('epoch %d, step %5d, mean loss %.3f' %
                      (epoch_i + 1, i + 1, mean_loss))
                loss_window = 0.0

    print('training pass finished')
    return loss_trace

def fit_with_stats(cnn_m, train_loader, tune_names = None):
    run_stats = {}
    param_iter = select_params(cnn_m, tune_names)
    pcount = 0,0
    for pcount in enumerate(accumulate((reduce(lambda fa,fb: fa*fb, pp[1].size()) for pp in param_iter)) ):
        pass
    run_stats['variables_optimized'] = pcount[0] + 1
    run_stats['params_optimized'] = pcount[1]
    t0 = time.time()
    loss_trace = train_model(cnn_m, train_loader, tune_names=tune_names)
    run_stats['training_time'] = time.time() - t0

    run_stats['training_loss'] = loss_trace[-1] if len(loss_trace) else float('nan')
    run_stats['training_losses'] = loss_trace
    return run_stats

def eval_with_stats(cnn, test_loader):
    run_stats = {}
    n_right = 0
    n_seen = 0
    t0 = time.time()
    for i, batch_data in enumerate(test_loader, 0):
        images_b, labels_b = batch_data

        if on_cuda:
            images_b, labels_b = (images_b.cuda()), (labels_b.cuda(non_blocking=True))

        logits = cnn(Variable(images_b))
        _, pred_cls = torch.max(logits.data, 1)
        n_seen += labels_b.size(0)
        n_right += (pred_cls == labels_b).sum()
    acc_v = n_right / n_seen
    run_stats['accuracy'] = acc_v
    run_stats['eval_time'] = time.time() - t0
    print('test accuracy: %f' % acc_v)
    return run_stats

def train_then_eval(cnn, train_loader, test_loader, tune_names=None):
    print("fitting..." if not tune_names else "fitting the new layers only...")
    train_part = fit_with_stats(cnn, train_loader, tune_names=tune_names)
    print("evaluating...")
    cnn = cnn.eval()
    eval_part = eval_with_stats(cnn, test_loader)
    return {**train_part, **eval_part}

run_stats = []
n_classes = 39
print("SHALLOW FINE-TUNING")

for arch in arch_list:
    print("")
    print("%s, %d classes" % (arch, n_classes))
    print("------------------------------------------")
    pretrained_model, swapped = build_pretrained_model(arch, n_classes)
    head_names = [pair[0] for pair in swapped]
    crop_hw = [item[1] for item in crop_sizes.items() if item[0] in arch][0]
    print("input size:", crop_hw)
    train_loader, test_loader = make_loaders(crop_hw)
    if on_cuda:
        print("moving the network to the GPU")
        pretrained_model = torch.nn.DataParallel(pretrained_model).cuda()
    run_row = train_then_eval(pretrained_model, train_loader, test_loader, head_names)
    run_row['name'] = arch
    run_row['retrained'] = True
    run_row['shallow_retrain'] = True
    run_stats.append(run_row)

print("FULL FINE-TUNING")

for arch in arch_list:
    print("")
    print("%s, %d classes" % (arch, n_classes))
    print("------------------------------------------")
    pretrained_model, swapped = build_pretrained_model(arch, n_classes)
    crop_hw = [item[1] for item in crop_sizes.items() if item[0] in arch][0]
    print("input size:", crop_hw)
    train_loader, test_loader = make_loaders(crop_hw)
    if on_cuda:
        print("moving the network to the GPU")
        pretrained_model = torch.nn.DataParallel(pretrained_model).cuda()
    run_row = train_then_eval(pretrained_model, train_loader, test_loader, None)
    run_row['name'] = arch
    run_row['retrained'] = True
    run_row['shallow_retrain'] = False
    run_stats.append(run_row)

import csv
with open('stats.csv', 'w') as csv_fh:
    columns = run_stats[0].keys()
    csv_writer = csv.DictWriter(csv_fh, fieldnames=columns)

    csv_writer.writeheader()
    for item in run_stats:
        csv_writer.writerow(item)
