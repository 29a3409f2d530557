"""Fit the two networks"""

import torch
import torch.nn as nn
from torch.utils.tensorboard.writer import SummaryWriter
from torchvision.transforms.functional import resize
import torchvision.transforms as transforms
from segmentation_models_pytorch.losses import DiceLoss
from torchmetrics.functional.segmentation import mean_iou
from typing import Tuple, Optional
from PIL import Image
import numpy as np
import os
import yaml
from tqdm import tqdm

from src.utils import val_transform, get_pretrained_unet
from src.dataset import PersonMaskData
from src.early_stopper import EarlyStopper
from src.custom_unet import CustomUnet

class BceDice(nn.Module):
    """
    Objective: binary cross-entropy plus Dice
    Cross-entropy because each pixel is a yes/no decision
    Dice rewards overlap between predicted and true masks
    """

    def __init__(self) -> None:
        """Build both parts"""

        super(BceDice, self).__init__()
        self.bce = nn.BCEWithLogitsLoss()
        self.dice = DiceLoss(mode='binary')

    def forward(self, logits: torch.Tensor, masks: torch.Tensor) -> torch.Tensor:
        """
        Sum of the two parts
        
        :param logits (torch.Tensor): B1HW raw scores; higher means more likely a person
        :param masks (torch.Tensor): B1HW true masks of zeros and ones

        :return loss (torch.Tensor): one scalar
        """
        
        return self.bce(logits, masks) + self.dice(logits, masks)

class Fitter:
    """Runs fitting and evaluation for one network"""

    def __init__(self, net: nn.Module, tag: str, seed: Optional[int]) -> None:
        """
        Put the network on the device and fix the seeds
        
        :param net (torch.nn.Module): the network
        :param tag (str): its name; weights go to models/<tag>.pt
        :param seed (int|None): seed, if any
        """

        # GPU when there is one
        self.device = 'cuda' if torch.cuda.is_available() else 'cpu'
        
        self.net = net.to(self.device)
        self.tag = tag

        if seed:
            np.random.seed(seed)
            torch.manual_seed(seed)
            torch.cuda.manual_seed(seed)

    def _fit_epoch(self) -> Tuple[float, float]:
        """
        One pass over the fitting loader with updates

        :return loss (float): mean loss over the pass
        :return IoU (float): mean IoU over the pass
        """

        # Running sums
        loss_sum, iou_sum = 0, 0

        # Training mode
        self.net.train()

        # All batches
        for images, masks in self.fit_loader:
            
            # To the device
            images, masks = images.to(self.device), masks.to(self.device)
            
            # Forward
            logits: torch.Tensor = self.net(images)
            
            # Objective
            loss: torch.Tensor = self.objective(logits, masks)
            
            # Clear old gradients
            self.opt.zero_grad()

            # Backward
            loss.backward()

            # Update
            self.opt.step()

            # Add to the sums; IoU from thresholded sigmoid
            loss_sum += loss
            iou_sum += mean_iou(logits.sigmoid().round().long(), masks.long(), num_classes=1).mean()
        
        return loss_sum / len(self.fit_loader), iou_sum / len(self.fit_loader)

    def _hold_epoch(self) -> Tuple[float, float]:
        """
        One pass over the held-out loader, metrics only
        
        :return loss (float): mean loss over the pass
        :return IoU (float): mean IoU over the pass
        """        

        # Running sums
        loss_sum, iou_sum = 0, 0
        
        # Evaluation mode
        self.net.eval()

        # All batches
        for images, masks in self.hold_loader:

            # To the device
            images, masks = images.to(self.device), masks.to(self.device)
            
            # Forward with autograd off
            with torch.inference_mode():
                logits: torch.Tensor = self.net(images)
            
            # Objective
            loss = self.objective(logits, masks)
            
            # Add to the sums
            loss_sum += loss
            iou_sum += mean_iou(logits.sigmoid().round().long(), masks.long(), num_classes=1).mean()

        return loss_sum / len(self.hold_loader), iou_sum / len(self.hold_loader)

    def fit(self, train_size: float, batch_size: int, epochs: int, learning_rate: float, patience: int) -> None:
        """
        Fit with early stopping and log to tensorboard
        
        :param train_size (float): share of rows for fitting
        :param batch_size (int): samples per batch
        :param epochs (int): most epochs to run
        :param learning_rate (float): step size
        :param patience (int): epochs without a better held-out loss before stopping
        """

        # Logs go to runs/<tag>
        writer = SummaryWriter(log_dir=os.path.join('runs', self.tag))
        
        # Loaders
        data = PersonMaskData()
        self.fit_loader, self.hold_loader = data.make_loaders(batch_size, train_size)
        
        # Adam
        self.opt = torch.optim.Adam(params=self.net.parameters(), lr=learning_rate)
        
        stopper = EarlyStopper(patience)
        self.objective = BceDice()

        # Weights file
        weights_dir = 'models'
        os.makedirs(weights_dir, exist_ok=True)
        weights_file = os.path.join(weights_dir, self.tag + '.pt')

        # Epoch loop
        for epoch in tqdm(range(epochs)):
            
            # Fit
            fit_loss, fit_iou = self._fit_epoch()
            
            # Evaluate
            hold_loss, hold_iou = self._hold_epoch()
            
            # Stop early?
            if stopper.check(hold_loss):
                print('Stopping early: held-out loss no longer improves')
                break
            # Keep the best weights so far
            if stopper.save_model: torch.save(self.net.state_dict(), weights_file)
            
            # Tensorboard
            writer.add_scalars('Loss', {'train': fit_loss, 'val': hold_loss}, epoch)
            writer.add_scalars('IoU', {'train': fit_iou, 'val': hold_iou}, epoch)
        
        else:
            print('Reached the epoch limit')
        
        writer.close()

    def predict(self, image_path: str) -> torch.Tensor:
        """
        Mask for one image file
        
        :param image_path (str): path of the image
        
        :return mask (torch.Tensor): HW bool mask at the image's own size
        """

        # Evaluation mode
        self.net.eval()

        # Read the image
        image = np.asarray(Image.open(image_path))
        
        # Remember its size
        h, w = image.shape[:-1]

        # Resize and make a tensor
        image = torch.from_numpy(val_transform(image=image)['image']).float().permute(2,0,1) / 255.
        
        # Forward without autograd, threshold the sigmoid
        with torch.inference_mode():
            prediction = self.net(image.to(self.device).unsqueeze(0))[0].sigmoid().cpu() > .5

        # Back to the image's size
        mask = resize(img=prediction, size=(h,w), interpolation=transforms.InterpolationMode.NEAREST)[0]
        
        return mask

if __name__ == '__main__':

    with open('params.yaml') as f:
        cfg = yaml.safe_load(f)

    # Hand-written U-Net
    net_cfg = cfg['models']['custom']
    net = CustomUnet(in_channels=3, depth=net_cfg['depth'], start_channels=net_cfg['start_channels'])
    fitter = Fitter(net=net, tag=net_cfg['name'], seed=cfg['seed'])
    fitter.fit(**cfg['train'])

    # Pretrained U-Net
    net_cfg = cfg['models']['pretrained']
    net = get_pretrained_unet()
    fitter = Fitter(net=net, tag=net_cfg['name'], seed=cfg['seed'])
    fitter.fit(**cfg['train'])
