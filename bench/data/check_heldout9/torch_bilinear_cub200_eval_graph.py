#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Bilinear VGG-16 on CUB-200-2011, every layer trainable."""

import os
import pickle

import numpy as np
import PIL.Image
import torch
import torchvision

torch.manual_seed(0)
torch.cuda.manual_seed_all(0)

# == taken from cub200.py ==
class BirdsCub200(torch.utils.data.Dataset):
    """Bird images kept as lists of numpy arrays per split (train / test)."""
    def __init__(self, root_dir, is_train=True, img_tf=None, target_tf=None,
                 fetch_if_missing=False):
        self._root_dir = os.path.expanduser(root_dir)  # expand a leading ~
        self._is_train = is_train
        self._img_tf = img_tf
        self._target_tf = target_tf
        if self._files_ready():
            print('Pickled splits found, skipping download.')
        elif fetch_if_missing:
            archive_url = ('http://www.vision.caltech.edu/visipedia-data/CUB-200-2011/'
                   'CUB_200_2011.tgz')
            self._fetch_archive(archive_url)
            self._unpack_to_pickles()
        else:
            raise RuntimeError('No pickled splits here; pass fetch_if_missing=True to get them.')
        # read the pickled split back
        if self._is_train:
            self._train_data_arrs, self._train_label_ids = pickle.load(open(
                os.path.join(self._root_dir, 'processed/train.pkl'), 'rb'))
            assert (len(self._train_data_arrs) == 5994
                    and len(self._train_label_ids) == 5994)
        else:
            self._test_data_arrs, self._test_label_ids = pickle.load(open(
                os.path.join(self._root_dir, 'processed/test.pkl'), 'rb'))
            assert (len(self._test_data_arrs) == 5794
                    and len(self._test_label_ids) == 5794)

    def __getitem__(self, item_i):
        if self._is_train:
            img, tgt_label = self._train_data_arrs[item_i], self._train_label_ids[item_i]
        else:
            img, tgt_label = self._test_data_arrs[item_i], self._test_label_ids[item_i]
        # go through PIL like the torchvision datasets do
        img = PIL.Image.fromarray(img)
        if self._img_tf is not None:
            img = self._img_tf(img)
        if self._target_tf is not None:
            tgt_label = self._target_tf(tgt_label)
        return img, tgt_label

    def __len__(self):
        if self._is_train:
            return len(self._train_data_arrs)
        return len(self._test_data_arrs)

    def _files_ready(self):
        return (
            os.path.isfile(os.path.join(self._root_dir, 'processed/train.pkl'))
            and os.path.isfile(os.path.join(self._root_dir, 'processed/test.pkl')))

    def _fetch_archive(self, archive_url):
        """Fetch the tgz archive and unpack it under raw/."""
        import six.moves
        import tarfile
        raw_dir = os.path.join(self._root_dir, 'raw')
        cache_dir = os.path.join(self._root_dir, 'processed')
        if not os.path.isdir(raw_dir):
            os.mkdir(raw_dir, mode=0o775)
        if not os.path.isdir(cache_dir):
            os.mkdir(cache_dir, mode=0x775)
        tgz_path = os.path.join(self._root_dir, 'raw/CUB_200_2011.tgz')
        print('Fetching ' + archive_url + ' into ' + tgz_path)
        six.moves.urllib.request.urlretrieve(archive_url, tgz_path)
        prev_dir = os.getcwd()
        tgz = tarfile.open(tgz_path, 'r:gz')
        os.chdir(os.path.join(self._root_dir, 'raw'))
        tgz.extractall()
        tgz.close()
        os.chdir(prev_dir)

    def _unpack_to_pickles(self):
        """Decode every image, split it by the official list and pickle both halves."""
        images_dir = os.path.join(self._root_dir, 'raw/CUB_200_2011/images/')
        id_to_file = np.genfromtxt(os.path.join(
            self._root_dir, 'raw/CUB_200_2011/images.txt'), dtype=str)
        id_is_train = np.genfromtxt(os.path.join(
            self._root_dir, 'raw/CUB_200_2011/train_test_split.txt'), dtype=int)
        train_data_arrs = []
        train_label_list = []
        test_data_arrs = []
        test_label_list = []
        for row_i in range(id_to_file.shape[0]):
            img = PIL.Image.open(os.path.join(images_dir, id_to_file[row_i, 1]))
            label_id = int(id_to_file[row_i, 1][:3]) - 1  # zero-based class id
            # grey images get three channels
            if img.getbands()[0] == 'L':
                img = img.convert('RGB')
            img_arr = np.array(img)
            img.close()
            if id_is_train[row_i, 1] == 1:
                train_data_arrs.append(img_arr)
                train_label_list.append(label_id)
            else:
                test_data_arrs.append(img_arr)
                test_label_list.append(label_id)
        pickle.dump((train_data_arrs, train_label_list),
                    open(os.path.join(self._root_dir, 'processed/train.pkl'), 'wb'))
        pickle.dump((test_data_arrs, test_label_list),
                    open(os.path.join(self._root_dir, 'processed/test.pkl'), 'wb'))

# == taken from bilinear_cnn_all.py ==
class BilinearVGG(torch.nn.Module):
    """VGG-16 conv trunk + bilinear pooling + linear head; 448x448 in, 512x28x28 at the last conv."""
    def __init__(self):
        torch.nn.Module.__init__(self)
        # conv/pool trunk of VGG-16
        self.vgg_features = torchvision.models.vgg16(pretrained=False).features
        self.vgg_features = torch.nn.Sequential(*list(self.vgg_features.children())
                                            [:-1])  # drop the last max-pool
        # classifier over the pooled outer product
        self.head_fc = torch.nn.Linear(512**2, 200)

    def forward(self, X):
        n_img = X.size()[0]
        assert X.size() == (n_img, 3, 448, 448)
        X = self.vgg_features(X)
        assert X.size() == (n_img, 512, 28, 28)
        X = X.view(n_img, 512, 28**2)
        X = torch.bmm(X, torch.transpose(X, 1, 2)) / (28**2)  # outer-product pooling
        assert X.size() == (n_img, 512, 512)
        X = X.view(n_img, 512**2)
        X = torch.sqrt(X + 1e-5)
        X = torch.nn.functional.normalize(X)
        X = self.head_fc(X)
        assert X.size() == (n_img, 200)
        return X

class BilinearTrainer(object):
    def __init__(self, opts, paths):
        print('Building the net and the data pipeline.')
        self._opts = opts
        self._paths = paths
        self._bcnn = torch.nn.DataParallel(BilinearVGG()).cuda()
        self._bcnn.load_state_dict(torch.load(self._paths['model']))
        print(self._bcnn)
        self._ce_loss = torch.nn.CrossEntropyLoss().cuda()
        self._sgd_optimizer = torch.optim.SGD(
            self._bcnn.parameters(), lr=self._opts['base_lr'],
            momentum=0.9, weight_decay=self._opts['weight_decay'])
        self._plateau_sched = torch.optim.lr_scheduler.ReduceLROnPlateau(
            self._sgd_optimizer, mode='max', factor=0.1, patience=3, verbose=True, threshold=1e-4)
        train_tf_chain = torchvision.transforms.Compose([
            torchvision.transforms.Resize(size=448),  # shorter side to 448
            torchvision.transforms.RandomHorizontalFlip(), torchvision.transforms.RandomCrop(size=448),
            torchvision.transforms.ToTensor(),
            torchvision.transforms.Normalize(mean=(0.485, 0.456, 0.406), std=(0.229, 0.224, 0.225))])
        test_tf_chain = torchvision.transforms.Compose([
            torchvision.transforms.Resize(size=448), torchvision.transforms.CenterCrop(size=448),
            torchvision.transforms.ToTensor(),
            torchvision.transforms.Normalize(mean=(0.485, 0.456, 0.406), std=(0.229, 0.224, 0.225))])
        train_dataset = BirdsCub200(
            root_dir=self._paths['cub200'], is_train=True, fetch_if_missing=True, img_tf=train_tf_chain)
        test_dataset = BirdsCub200(
            root_dir=self._paths['cub200'], is_train=False, fetch_if_missing=True, img_tf=test_tf_chain)
        self._train_data_loader = torch.utils.data.DataLoader(
            train_dataset, batch_size=self._opts['batch_size'],
            shuffle=True, num_workers=4, pin_memory=True)
        self._test_data_loader = torch.utils.data.DataLoader(
            test_dataset, batch_size=16,
            shuffle=False, num_workers=4, pin_memory=True)

    def run_training(self):
        print('Fitting begins.')
        best_pct = 0.0
        best_epoch_no = None
        print('ep\tloss(train)\tacc(train)\tacc(test)')
        for ep in range(self._opts['epochs']):
            epoch_loss_vals = []
            n_right = 0
            n_seen = 0
            for X, y in self._train_data_loader:
                X = torch.autograd.Variable(X.cuda())
                y = torch.autograd.Variable(y.cuda(non_blocking=True))
                self._sgd_optimizer.zero_grad()
                logits_out = self._bcnn(X)
                step_loss = self._ce_loss(logits_out, y)
                epoch_loss_vals.append(step_loss.data[0])
                # predicted classes
                _, predicted_cls = torch.max(logits_out.data, 1)
                n_seen += y.size(0)
                n_right += torch.sum(predicted_cls == y.data)
                step_loss.backward()
                self._sgd_optimizer.step()
            train_pct = 100 * n_right / n_seen
            test_pct = self._eval_accuracy(self._test_data_loader)
            self._plateau_sched.step(test_pct)
            if test_pct > best_pct:
                best_pct = test_pct
                best_epoch_no = ep + 1
                print('*', end='')
            print('%d\t%4.3f\t\t%4.2f%%\t\t%4.2f%%' %
                  (ep+1, sum(epoch_loss_vals) / len(epoch_loss_vals), train_pct, test_pct))
        print('Best epoch %d, its test accuracy %f' % (best_epoch_no, best_pct))

    def _eval_accuracy(self, eval_loader):
        """Percentage of correct predictions over a loader."""
        self._bcnn.train(False)
        n_right = 0
        n_seen = 0
        for X, y in eval_loader:
            X = torch.autograd.Variable(X.cuda())
            y = torch.autograd.Variable(y.cuda(non_blocking=True))
            # predicted classes
            logits_out = self._bcnn(X)
            _, predicted_cls = torch.max(logits_out.data, 1)
            n_seen += y.size(0)
            n_right += torch.sum(predicted_cls == y.data).item()
        self._bcnn.train(True)  # back to train mode
        return 100 * n_right / n_seen

def run_cli():
    import argparse
    cli = argparse.ArgumentParser(description='Bilinear VGG fine-tuning on CUB-200.')
    cli.add_argument('--base_lr', dest='base_lr', type=float, required=True)
    cli.add_argument('--batch_size', dest='batch_size', type=int, required=True)
    cli.add_argument('--epochs', dest='epochs', type=int, required=True)
    cli.add_argument('--weight_decay', dest='weight_decay', type=float, required=True)
    cli.add_argument('--model', dest='model', type=str, required=True)
    cli_args = cli.parse_args()
    opts = {'base_lr': cli_args.base_lr, 'batch_size': cli_args.batch_size,
               'epochs': cli_args.epochs, 'weight_decay': cli_args.weight_decay}
    proj_dir = os.popen('pwd').read().strip()
    paths = {
        'cub200': os.path.join(proj_dir, 'data/cub200'),
        'model': os.path.join(proj_dir, 'model', cli_args.model),
    }
    trainer = BilinearTrainer(opts, paths)
    trainer.run_training()

if __name__ == '__main__':
    run_cli()
