# FCFL: federated rounds with a fairness queue deciding which clients take part.
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import copy
import numpy as np
from torchvision import datasets, transforms
import torch
from datetime import datetime
from time import strftime
import collections

from dataset_process.load_dataset import test_train_allocation, test_train_mixture, test_train_split, mnist_iid, mnist_noniid, cifar_iid, cifar_noniid, fmnist_iid, fmnist_noniid
from utils.options import args_parser
from dataset_process.load_dataset import load_mnist, load_cifar, load_fmnist, load_synthetic_train, load_synthetic_test
from client_split_sample.Dirichlet_split_datasets import split_noniid
from client_selection.sampling_by_proportion import sample_by_proportion
from client_selection.sampling_by_Q import sample_by_Q_top, is_all_zero
from dataset_process.update import fcfl_local_train, split
from utils.weight_cal import para_diff_cal, float_mulpty_OrderedDict, weight_sum, orderdict_zeros_like
from models.Nets import MLP, CNNMnist, CNNCifar, CNNFashionMnist, MCLR_Logistic
from models.aggregation import weight_agg, acc_global_estimate
from dataset_process.test import test_new, test_everyone


"""
Fairness-aware client selection for federated learning (FCFL) training entry point.
"""


if __name__ == '__main__':
    args = args_parser()
    args.device = torch.device(f'cuda:{args.gpu}'if torch.cuda.is_available() and args.gpu != -1 else 'cpu')
    if args.dataset == 'synthetic':
        args.num_users = 30

    if args.dataset == 'mnist':
        x_train, y_train = load_mnist('./dataset/mnist', kind = 'train')
        x_train = x_train.reshape(x_train.shape[0],1,28,28)
        x_test, y_test = load_mnist('./dataset/mnist',kind='t10k')
        x_test = x_test.reshape(x_test.shape[0],1,28,28)

        x_train, x_test = x_train.astype('float32'), x_test.astype('float32')
        x_train, x_test = x_train/255, x_test/255

        """
        subtract a per-pixel mean array and divide by the std
        """
        std = 0.3081

        mean_train, mean_test = np.random.uniform(0.1307,0.1307,size = (60000, 1, 28, 28)), np.random.uniform(0.1307,0.1307,size = (10000, 1, 28, 28))
        x_train, x_test = (x_train - mean_train)/std, (x_test - mean_test)/std
        x_train, x_test = x_train.astype(np.float32), x_test.astype(np.float32)

        """
        assign sample indices to clients
        """
        x_all, y_all = test_train_mixture(x_train, y_train, x_test, y_test)
        img_size = x_all[0].shape
        img_size = torch.tensor(img_size)

        ratio_train_test = 0.8
        if args.iid:
            dict_users = mnist_iid(x_all, args.num_users)
        else:
            labels = np.array(y_all)
            np.random.seed(args.seed)
            dict_users = split_noniid(labels, alpha = args.dirichlet, n_clients = args.num_users)
        dict_users_train, dict_users_test = test_train_split(dict_users, ratio_train_test)
    elif args.dataset == 'cifar':
        x_train, y_train, x_test, y_test = load_cifar('./dataset/cifar/cifar-10-batches-py')
        x_train, x_test = x_train.reshape(x_train.shape[0], 3, 32, 32), x_test.reshape(x_test.shape[0], 3, 32, 32)
        x_train, x_test = x_train.astype('float32'), x_test.astype('float32')
        x_train, x_test = x_train/255, x_test/255

        """
        subtract a per-pixel mean array and divide by the std
        """
        channel_mean, channel_std = (0.5, 0.5, 0.5), (0.5, 0.5, 0.5)
        mean_train_0 = np.random.uniform(channel_mean[0],channel_mean[0],size = (50000, 1, 32, 32))
        mean_train_1 = np.random.uniform(channel_mean[1],channel_mean[1],size = (50000, 1, 32, 32))
        mean_train_2 = np.random.uniform(channel_mean[2],channel_mean[2],size = (50000, 1, 32, 32))
        mean_train = np.concatenate((mean_train_0, mean_train_1, mean_train_2), axis = 1)
        mean_test_0 = np.random.uniform(channel_mean[0],channel_mean[0],size = (10000, 1, 32, 32))
        mean_test_1 = np.random.uniform(channel_mean[1],channel_mean[1],size = (10000, 1, 32, 32))
        mean_test_2 = np.random.uniform(channel_mean[2],channel_mean[2],size = (10000, 1, 32, 32))
        mean_test = np.concatenate((mean_test_0, mean_test_1, mean_test_2), axis = 1)
        for i in range(3):
            x_train[:,i,:,:] = (x_train[:,i,:,:] - mean_train[:,i,:,:]) / channel_std[i]
            x_test[:,i,:,:] = (x_test[:,i,:,:] - mean_test[:,i,:,:]) / channel_std[i]

        x_train, x_test = x_train.astype(np.float32), x_test.astype(np.float32)
        x_train, x_test = torch.tensor(x_train), torch.tensor(x_test)

        x_all, y_all = test_train_mixture(x_train, y_train, x_test, y_test)
        img_size = x_all[0].shape
        img_size = torch.tensor(img_size)
        ratio_train_test = 0.8

        if args.iid:
            dict_users = cifar_iid(x_all, args.num_users)
            dict_users_train, dict_users_test = test_train_split(dict_users, ratio_train_test)
        else:
            labels = np.array(y_all)
            np.random.seed(args.seed)
            dict_users = split_noniid(labels, alpha = args.dirichlet, n_clients = args.num_users)
        dict_users_train, dict_users_test = test_train_split(dict_users, ratio_train_test)
    elif args.dataset == 'fmnist':
        x_train, y_train = load_fmnist('./dataset/fmnist', kind='train')
        x_test, y_test = load_fmnist('./dataset/fmnist', kind='t10k')
        x_train, x_test = x_train.reshape(x_train.shape[0],1,28,28), x_test.reshape(x_test.shape[0],1,28,28)
        x_train, x_test = x_train.astype('float32'), x_test.astype('float32')
        x_train, x_test = x_train/255, x_test/255

        """
        subtract a per-pixel mean array and divide by the std
        """
        mean, std = 0.2860, 0.3530
        mean_train = np.random.uniform(mean,mean,size = (60000, 1, 28, 28))
        mean_test = np.random.uniform(mean,mean,size = (10000, 1, 28, 28))

        x_train, x_test = (x_train - mean_train)/std, (x_test - mean_test)/std
        x_train, x_test = x_train.astype(np.float32), x_test.astype(np.float32)

        """
        assign sample indices to clients
        """
        x_train_new, x_test_new, y_train_new, y_test_new = test_train_allocation(x_train, y_train, x_test, y_test, 1/7)
        img_size = x_train_new[0].shape
        img_size = torch.tensor(img_size)

        if args.iid:
            dict_users = fmnist_iid(x_train_new, args.num_users)
            dict_users_test = fmnist_iid(x_test_new, args.num_users)
        else:
            dict_users = fmnist_noniid(x_train_new, y_train_new, args.num_users)
            labels_train = np.array(y_test_new)
            np.random.seed(args.seed)
            dict_users_test = split_noniid(labels_train, alpha = args.dirichlet, n_clients = args.num_users)
    elif args.dataset == 'synthetic':
        print("synthetic dataset")
    else:
        exit('Error: unrecognized dataset')

    if args.dataset == 'synthetic':
        image, label = load_synthetic_train()
        image_test, label_test = load_synthetic_test()
    else:
        """
        give each client its own slice of samples, indexed by dict_users
        """
        image = {}
        label = {}
        image_test = {}
        label_test = {}
        for i in dict_users:  
            image[i], label[i] = split(x_all, y_all, dict_users_train[i])
            image_test[i], label_test[i] = split(x_all, y_all, dict_users_test[i])

        """
        the *_performance arrays below gather every client split again for global evaluation
        """
    x_train_performance = copy.deepcopy(image[0])
    x_test_performance = copy.deepcopy(image_test[0])
    y_train_performance = copy.deepcopy(label[0])
    y_test_performance = copy.deepcopy(label_test[0])
    for i in range(1, args.num_users):
        x_train_performance = np.concatenate([x_train_performance,image[i]], axis=0)
        x_test_performance = np.concatenate([x_test_performance,image_test[i]], axis=0)
        y_train_performance = np.concatenate([y_train_performance,label[i]], axis=0)
        y_test_performance = np.concatenate([y_test_performance,label_test[i]], axis=0)

    if args.model == 'cnn' and args.dataset == 'cifar':
        net_glob = CNNCifar(args=args).to(args.device)
    elif args.model == 'cnn' and args.dataset == 'mnist':
        net_glob = CNNMnist(args=args).to(args.device)
    elif args.model == 'cnn' and args.dataset == 'fmnist':
        net_glob = CNNFashionMnist(args=args).to(args.device)
    elif args.model == 'mclr' and args.dataset == 'synthetic':
        net_glob = MCLR_Logistic(60, 10).to(args.device)
    elif args.model == 'mlp':
        len_in = 1
        for x in img_size:
            len_in *= x
        net_glob = MLP(dim_in=len_in, dim_hidden=200, dim_out=args.num_classes).to(args.device)
    else:
        exit('Error: unrecognized model')
    print(net_glob)

    loss_train_plot_list = []
    acc_train_plot_list = []

    for iter in range(args.epochs):
        w_glob = net_glob.state_dict()
        loss_locals = []
        w_locals = []
        acc_locals = []

        Acc_local_list = []
        for i in range(args.num_users):
            net_glob.eval()
            acc_test, _ = test_new(net_glob, image_test[i], label_test[i], args=args)
            acc_test = float(acc_test)
            local_acc = acc_test/100
            Acc_local_list.append(local_acc)

        net_glob.train()
        if iter == 0:
            Q = np.zeros((args.num_users, args.epochs), float)
            for i in range(args.num_users):
                Q[i][0] = 0.0
            m = max(int(args.frac * args.num_users), 1)
            idxs_users = np.random.choice(range(args.num_users), m, replace=False)
            local_data_volume = [len(dict_users[cid]) for cid in idxs_users]
            total_data_volume = sum(local_data_volume)
            weights = [l_d_v / total_data_volume for l_d_v in local_data_volume]
        else:
            uf = [0.0] * args.num_users
            for i in range(args.num_users):
                uf[i] = Acc_global - Acc_local_list[i] if Acc_global > Acc_local_list[i] else 0
            alpha = 1.0
            Q_value = []
            weights_all_clients = [0.0] * args.num_users
            for i, j in zip(idxs_users, range(m)):
                weights_all_clients[i] = weights[j]

            for i in range(args.num_users):
                Q[i][iter] = max(Q[i][iter-1] + alpha * uf[i] - weights_all_clients[i], 0)
                Q_value.append(Q[i][iter])
            m = max(int(args.frac * args.num_users), 1)
            idxs_users = sample_by_Q_top(m, Q_value)
            sum_Q = sum(Q[i][iter] for i in idxs_users)
            weights = []
            if sum_Q == 0 and is_all_zero(Q[:, iter]):
                local_data_volume = [len(dict_users[cid]) for cid in idxs_users]
                total_data_volume = sum(local_data_volume)
                weights = [l_d_v / total_data_volume for l_d_v in local_data_volume]
            else:
                for i in idxs_users:
                    weight_clients = Q[i][iter]/sum_Q
                    weights.append(weight_clients)

        
        for idx in idxs_users:
            w, loss, acc_client = fcfl_local_train(copy.deepcopy(net_glob).to(args.device), image[idx], label[idx], image_test[idx], label_test[idx], args)
            
            w_locals.append(w)  
            loss_locals.append(loss)
            acc_locals.append(acc_client)
        wnew = weight_agg(w_locals, weights)
        Acc_global = acc_global_estimate(acc_locals, weights)
        Acc_global = float(Acc_global)
        net_glob.load_state_dict(wnew)

        loss_avg = sum(loss_locals) / len(loss_locals)
        print('Round {:3d}, Average loss {:.3f}'.format(iter, loss_avg))
        loss_train_plot_list.append(loss_avg)
        net_glob.eval()
        acc_train_plot, _ = test_new(net_glob, x_train_performance, y_train_performance, args)
        print('Round {:3d}, Average acc {:.3f}'.format(iter, acc_train_plot))
        acc_train_plot_list.append(acc_train_plot)

    plt.figure()
    plt.plot(range(len(loss_train_plot_list)), loss_train_plot_list)
    plt.ylabel('train_loss')
    plt.savefig('./save/fcfl_loss_{}_{}_{}_alpha{}_C{}_iid{}_{}.png'.format(args.dataset, args.model, args.epochs, alpha, args.frac, args.iid, datetime.now().strftime("%H_%M_%S")))
    plt.figure()
    plt.plot(range(len(acc_train_plot_list)), acc_train_plot_list)
    plt.ylabel('train_acc')
    plt.savefig('./save/fcfl_acc_{}_{}_{}_alpha{}_C{}_iid{}_{}.png'.format(args.dataset, args.model, args.epochs, alpha, args.frac, args.iid, datetime.now().strftime("%H_%M_%S")))


    net_glob.eval()
    acc_train, loss_train = test_new(net_glob, x_train_performance, y_train_performance, args)
    acc_test, loss_test = test_new(net_glob, x_test_performance, y_test_performance, args)

    print("Training accuracy: {:.2f}".format(acc_train))
    print("Testing accuracy: {:.2f}".format(acc_test))
    """
    finally score the model on each client separately
    """
    test_everyone(net_glob, image, label, image_test, label_test, args)


