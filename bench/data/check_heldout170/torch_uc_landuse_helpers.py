import seaborn as sn
import pandas as pd
from datasetmodel import DatasetModel
from netparams import NetParams
from termcolor import colored
from trainstats import TrainStats
from typing import List
import math
import matplotlib.pyplot as plt
import numpy as np
import time
import torch
from sklearn.metrics import confusion_matrix, f1_score, precision_score, recall_score

def train_loop(netparams: NetParams, no_improvement=0) -> TrainStats:

    start_time = time.time()
    valid_loss_min = np.Inf
    train_loss_array = []
    valid_loss_array = []
    train_accuracy_array = []
    valid_accuracy_array = []
    train_time_sum = 0
    eval_time_sum = 0
    best_epoch = 1

    for epoch in range(1, netparams.n_epochs + 1):

        if no_improvement >= netparams.max_no_improve_epochs:
            best_epoch = epoch - netparams.max_no_improve_epochs
            break

        train_loss = 0.0
        train_loss_tmp = 0.0
        valid_loss = 0.0

        train_time = time.time()
        train_loss, train_acc = train_model(netparams=netparams,
                                            train_loss_tmp=train_loss_tmp,
                                            train_loss=train_loss,
                                            epoch=epoch)

        train_end_time = time.time() - train_time
        print(f"⌛Training epoch {epoch} took {train_end_time:.2f} seconds\n")
        train_accuracy_array.append(train_acc)

        train_time_sum += train_end_time

        eval_time = time.time()
        valid_loss_min, no_improvement, valid_acc = evaluate_model(netparams=netparams,
                                                                   train_loss=train_loss,
                                                                   valid_loss=valid_loss,
                                                                   valid_loss_min=valid_loss_min,
                                                                   valid_loss_array=valid_loss_array,
                                                                   train_loss_array=train_loss_array,
                                                                   epoch=epoch,
                                                                   no_improvement=no_improvement)

        eval_end_time = time.time() - eval_time
        print(
            f"⌛Evaluating epoch {epoch} took {(eval_end_time):.2f} seconds\n")
        eval_time_sum += eval_end_time

        valid_accuracy_array.append(valid_acc)

        if no_improvement <= 0:
            best_epoch = epoch
            print(colored('Last improvement', 'blue'))
            print(colored(f'Training took: {train_time_sum:.2f}', 'blue'))
            print(colored(f'Evaluation took: {train_time_sum:.2f}\n', 'blue'))

    total_time = time.time() - start_time
    print(
        f"🎓Total learning took {math.floor(total_time/60):02.0f}:{(total_time%60):.0f}")
    print(
        f"🏋️‍♂️Training took       {(train_time_sum/60):02.0f}:{(train_time_sum%60):02.3f}")
    print(
        f"📑Evaluation took     {(eval_time_sum/60):02.0f}:{(eval_time_sum%60):02.3f}")
    results = TrainStats(netparams.model.name, train_loss_array, valid_loss_array, train_accuracy_array,
                         valid_accuracy_array, best_epoch, total_time, train_time_sum, eval_time_sum)
    return results

def train_model(netparams: NetParams,
                train_loss_tmp,
                train_loss,
                epoch):
    netparams.model.train()
    print("Training")
    correct_outputs = 0
    train_start_time = time.time()
    for batch_i, (data, target) in enumerate(netparams.train_loader):

        if netparams.train_on_gpu:
            data, target = data.cuda(), target.cuda()
        netparams.optimizer.zero_grad()
        output = netparams.model(data)
        loss = netparams.criterion(output, target)
        loss.backward()
        netparams.optimizer.step()
        train_loss_tmp += loss.item()
        train_loss += loss.item() * data.size(0)

        _, preds = torch.max(output, 1)
        correct_outputs += torch.sum(preds == target.data)

        if batch_i % netparams.train_loader.batch_size == netparams.train_loader.batch_size - 1:
            print_loss = train_loss_tmp / netparams.train_loader.batch_size
            print_images = (batch_i + 1) * netparams.train_loader.batch_size
            print_images_len = len(netparams.train_loader.dataset)
            print_images_percent = print_images / print_images_len * 100
            print(f'Epoch {epoch} Batch {batch_i + 1} Loss {(print_loss):.6f} Images{print_images}/{print_images_len}({print_images_percent:.0f})%    Time:{time.time() - train_start_time}s')
            train_loss_tmp = 0.0
            train_start_time = time.time()

    epoch_acc = float(correct_outputs) / len(netparams.train_loader.dataset)
    return train_loss, epoch_acc

def evaluate_model(netparams: NetParams,
                   train_loss,
                   valid_loss,
                   valid_loss_min,
                   valid_loss_array,
                   train_loss_array,
                   epoch,
                   no_improvement):
    print('Evaluation')
    correct_outputs = 0
    netparams.model.eval()
    for batch_i, (data, target) in enumerate(netparams.validation_loader):

        if netparams.train_on_gpu:
            data, target = data.cuda(), target.cuda()

        output = netparams.model(data)
        loss = netparams.criterion(output, target)
        valid_loss += loss.item() * data.size(0)

        _, preds = torch.max(output, 1)
        correct_outputs += torch.sum(preds == target.data)

    train_loss = train_loss / len(netparams.train_loader.sampler)
    valid_loss = valid_loss / len(netparams.validation_loader.sampler)
    epoch_acc = float(correct_outputs) / \
        len(netparams.validation_loader.dataset)
    print(
        f'Epoch: {epoch}/{netparams.n_epochs} \tTraining Loss: {train_loss:.6f} \tValidation Loss: {valid_loss:.6f}')
    train_loss_array.append(train_loss)
    valid_loss_array.append(valid_loss)
    if valid_loss <= valid_loss_min:
        print(colored(
            f'Validation loss decreased ({valid_loss_min:.6f} --> {valid_loss:.6f}).  Saving model ...', 'green'))
        torch.save(netparams.model.state_dict(), 'model_cifar.pt')
        valid_loss_min = valid_loss
        no_improvement = 0
    else:
        no_improvement += 1
        print(colored(f'No improvement for {no_improvement} epochs', 'red'))
    return valid_loss_min, no_improvement, epoch_acc

def plot_array(plot_name: str, array: set, best_epoch: int):
    plt.plot(array[:best_epoch])
    plt.ylabel(plot_name)
    plt.show()

def test_model(netparams: NetParams, working_ds: DatasetModel):
    test_loss = 0.0
    class_correct = list(0. for i in range(working_ds.class_num))
    class_total = list(0. for i in range(working_ds.class_num))
    top_k = []

    netparams.model.eval()
    if netparams.train_on_gpu:
        netparams.model.cuda()

    for data, target in netparams.test_loader:

        if len(target.data) < netparams.batch_size:
            break
        if netparams.train_on_gpu:
            data, target = data.cuda(), target.cuda()
        output = netparams.model(data)
        loss = netparams.criterion(output, target)
        test_loss += loss.item() * data.size(0)
        _, pred = torch.max(output, 1)
        correct_tensor = pred.eq(target.data.view_as(pred))
        correct = np.squeeze(correct_tensor.numpy()) if not netparams.train_on_gpu else np.squeeze(
            correct_tensor.cpu().numpy())
        for i in range(netparams.batch_size):
            label = target.data[i]
            class_correct[label] += correct[i].item()
            class_total[label] += 1

        top_k.append(top_k_1_5(output, target))

    test_loss = test_loss / len(netparams.test_loader.dataset)
    print('Test Loss: {:.6f}\n'.format(test_loss))

    class_accuracy = {}

    for i in range(working_ds.class_num):
        if class_total[i] > 0:
            print('Test Accuracy of %5s: %2d%% (%2d/%2d)' % (
                working_ds.classes[i], 100 * class_correct[i] / class_total[i],
                np.sum(class_correct[i]), np.sum(class_total[i])))

            class_accuracy[working_ds.classes[i]
                           ] = class_correct[i] / class_total[i]

        else:
            print('Test Accuracy of %5s: N/A (no training examples)' %
                  (working_ds.classes[i]))

    print('\nTest Accuracy (Overall): %2d%% (%2d/%2d)' % (
        100. * np.sum(class_correct) / np.sum(class_total),
        np.sum(class_correct), np.sum(class_total)))
    mean_1, mean_5 = mean_top_k(top_k)
    return 100. * np.sum(class_correct) / np.sum(class_total), mean_1.item(), mean_5.item(), class_accuracy

def top_k_1_5(output: torch.Tensor, target: torch.Tensor, topk=(1, 5)) -> List[torch.FloatTensor]:
    """Top-1 and top-5 hit rates of a batch of scores against the labels."""
    with torch.no_grad():
        maxk = max(topk)
        batch_size = target.size(0)

        _, y_pred = output.topk(k=maxk, dim=1)
        y_pred = y_pred.t()

        target_reshaped = target.view(1, -1).expand_as(y_pred)
        correct = (y_pred == target_reshaped)

        list_topk_accs = []
        for k in topk:
            ind_which_topk_matched_truth = correct[:k]
            flattened_indicator_which_topk_matched_truth = ind_which_topk_matched_truth.reshape(
                -1).float()
            tot_correct_topk = flattened_indicator_which_topk_matched_truth.float().sum(
                dim=0, keepdim=True)
            topk_acc = tot_correct_topk / batch_size
            list_topk_accs.append(topk_acc)
        return list_topk_accs

def mean_top_k(top_k: []) -> tuple:
    sum_1 = 0
    sum_5 = 0

    for i in top_k:
        sum_1 += i[0]
        sum_5 += i[1]

    return sum_1 / len(top_k), sum_5 / len(top_k)

def recall_precision_fmeasure(netparams: NetParams, working_ds: DatasetModel):
    netparams.model.eval()
    if netparams.train_on_gpu:
        netparams.model.cuda()
    i = 0
    f1 = 0.0
    precision = 0.0
    recall = 0.0

    for data, target in netparams.confusion_loader:

        if netparams.train_on_gpu:
            data, target = data.cuda(), target.cuda()
        output = netparams.model(data)
        _, pred = torch.max(output, 1)

        f1 += f1_score(pred.cpu(), target.cpu(), average='weighted')
        precision += precision_score(pred.cpu(),
                                     target.cpu(), average='weighted')
        recall += recall_score(pred.cpu(), target.cpu(), average='weighted')
        i += 1

    return f1/i, precision/i, recall/i

def confusion(netparams: NetParams, working_ds: DatasetModel):
    confusion_matrix = torch.zeros(working_ds.class_num, working_ds.class_num)
    with torch.no_grad():
        netparams.model.cpu()
        for i, (inputs, classes) in enumerate(netparams.confusion_loader):
            inputs = inputs.cpu()
            classes = classes.cpu()
            outputs = netparams.model(inputs)
            _, preds = torch.max(outputs, 1)
            for t, p in zip(classes.view(-1), preds.view(-1)):
                confusion_matrix[t.long(), p.long()] += 1

    return confusion_matrix

def loop_inplace_sum(confusions):
    sum = confusions[0].copy()
    for a in confusions[1:]:
        sum += a
    return sum/len(confusions)
