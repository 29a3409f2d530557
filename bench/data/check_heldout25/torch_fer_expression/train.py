import torch
import numpy as np
import os
from torchvision import transforms as T
from torch.utils.data import DataLoader
from tqdm import tqdm
from model.models import FaceExpModel
from utils import *
from torchvision.datasets import ImageFolder
from data.dataset import FerCsvDataset

class ExpressionTrainer:
    def __init__(self, train_loader: DataLoader, test_loader: DataLoader, out_dir,
                  base_lr :float=0.01, batch_size_cfg: int=8, n_epochs :int=15):
        
        self.train_loader = train_loader
        self.test_loader = test_loader
        self.out_dir = next_run_dir(out_dir)
        self.learn_rate = base_lr
        self.batch_size_cfg = batch_size_cfg
        self.n_epochs = n_epochs
        self.run_device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

    
    def build_model(self):
        model = FaceExpModel()

        return model.to(self.run_device)


    def train(self):
        train_loss_hist = []
        test_loss_hist = []
        train_acc_hist = []
        test_acc_hist = []

        best_test_loss = np.inf
        model = self.build_model()
        adam_optimizer = torch.optim.Adam(model.parameters(), lr = self.learn_rate)

        for epoch_i in range(self.n_epochs):
            epoch_train_loss, epoch_train_acc = self.train_epoch(model, adam_optimizer, epoch_i)
            epoch_test_loss, epoch_test_acc = self.eval_epoch(model, epoch_i)

            train_loss_hist.append(epoch_train_loss)
            test_loss_hist.append(epoch_test_loss)
            train_acc_hist.append(epoch_train_acc)
            test_acc_hist.append(epoch_test_acc)

            if epoch_test_loss < best_test_loss :
                self.store_best_model(model)
                print("best weights updated")
                best_test_loss = epoch_test_loss
            weights_path = os.path.join(self.out_dir,'last_weight.pt')
            torch.save(model.state_dict(), weights_path)
            print('latest weights written')
            plot_curves(train_loss_hist,test_loss_hist,train_acc_hist,test_acc_hist,self.out_dir)            


    
    def train_epoch(self, model, adam_optimizer, epoch_no):
        model.train()
        loss_sum = 0.0
        acc_sum = 0.0

        progress = tqdm(self.train_loader, desc="ep"+"[fit]"+ str(epoch_no+1)+"/"+str(self.n_epochs))
        for step, batch in enumerate(progress):
            batch_images, batch_labels = batch
            batch_images = batch_images.to(self.run_device)
            batch_labels = batch_labels.to(self.run_device)

            adam_optimizer.zero_grad()
            logits, batch_loss = model(batch_images, batch_labels)
            batch_loss.backward()
            adam_optimizer.step()

            loss_sum += batch_loss.item()
            acc_sum += batch_accuracy(logits, batch_labels)
            progress.set_postfix({'loss' : '%6f' %float(loss_sum / (step+1)), 'acc' : '%6f' %float(acc_sum / (step+1)),})

        return loss_sum/len(self.train_loader), acc_sum/len(self.train_loader)



    def eval_epoch(self,model, epoch_no):

        model.eval()
        loss_sum = 0.0
        acc_sum = 0.0

        progress = tqdm(self.test_loader, desc="ep"+"[check]"+ str(epoch_no+1)+"/"+str(self.n_epochs))
        for step, batch in enumerate(progress):

            batch_images, batch_labels = batch
            batch_images = batch_images.to(self.run_device)
            batch_labels = batch_labels.to(self.run_device)

            logits, batch_loss = model(batch_images, batch_labels)

            loss_sum += batch_loss.item()
            acc_sum += batch_accuracy(logits, batch_labels)
            progress.set_postfix({'loss' : '%6f' %float(loss_sum / (step+1)), 'acc' : '%6f' %float(acc_sum / (step+1)),})

        return loss_sum/len(self.test_loader), acc_sum/len(self.test_loader)
    def store_best_model(self, model):
        weights_path = os.path.join(self.out_dir,'best_weight.pt')
        torch.save(model.state_dict(), weights_path)

def main():
    batch_size_cfg = 16
    loader_workers = 4
    n_epochs= 5
    # csv_source = FerCsvDataset(r"data\fer2013.csv")

    # train_images_dir, test_images_dir = csv_source.export_pngs()

    train_images_dir, test_images_dir = r"data\train", r"data\test"

    train_transforms, test_transforms = make_augs()
    train_loader,test_loader = build_loaders(train_images_dir,test_images_dir, train_transforms, test_transforms, batch_size_cfg,num_workers= loader_workers)
    runs_root = r"checkpoints"

    expr_trainer =ExpressionTrainer(train_loader=train_loader,test_loader=test_loader,out_dir=runs_root, n_epochs=n_epochs)
    expr_trainer.train()
if __name__ == "__main__":
    main()

