"""
FiveBlockCNN: five conv blocks (conv -> [BN] -> activation -> 2x2 max-pool),
one hidden dense layer and a linear output, with its own training loop
(early stopping, optional wandb logging).
"""

import torch
import torch.nn as nn
import torch.nn.functional as F
from settings import *
from torch.utils.data import DataLoader
import wandb

# configurable CNN classifier
class FiveBlockCNN(nn.Module):
    """
    out_classes:            number of classes
    num_filters:            filters of the first block
    n_dense_output_neuron:  width of the hidden dense layer
    activation:             activation name
    filter_organisation:    'same', 'double' or 'half' across the blocks
    batch_normalization:    BN after every conv
    dropout:                dropout after the dense layer
    input_shape:            (height, width) of the images
    """

    def __init__(self,out_classes=10,
                num_filters = 32,   
                n_dense_output_neuron = 2046,
                activation='relu',
                filter_organisation='same',
                batch_normalization=True,
                dropout=0.5,
                input_shape=(256,256)
                ):
        super(FiveBlockCNN,self).__init__()

        # filters per block        
        first = num_filters
        if filter_organisation in ['same', 'double', 'half']:
            if filter_organisation == 'same':
                widths = [first] * 5
            elif filter_organisation == 'double':
                widths = [first * (2 ** k) for k in range(5)]
            elif filter_organisation == 'half':
                widths = [max(1, first // (2 ** k)) for k in range(5)]
        else:
            raise ValueError(f"Unknown filter_organisation: {filter_organisation}")

        # convolutions (same padding)
        self.c1 = nn.Conv2d(in_channels=3, out_channels=widths[0], kernel_size=3, padding=1)
        self.c2 = nn.Conv2d(in_channels=widths[0], out_channels=widths[1], kernel_size=3, padding=1)
        self.c3 = nn.Conv2d(in_channels=widths[1], out_channels=widths[2], kernel_size=3, padding=1)
        self.c4 = nn.Conv2d(in_channels=widths[2], out_channels=widths[3], kernel_size=3, padding=1)
        self.c5 = nn.Conv2d(in_channels=widths[3], out_channels=widths[4], kernel_size=3, padding=1)

        # pooling
        self.pool = nn.MaxPool2d(kernel_size=2,stride=2)

        # BN switch
        self.use_bn = batch_normalization

        # activations by name
        act_table = {
            'relu':nn.ReLU(),
            'tanh':nn.Tanh(),
            'gelu':nn.GELU(),
            'selu':nn.GELU(),
            'sigmoid':nn.Sigmoid(),
            'softmax':nn.Softmax(),  # rarely wanted before a CE loss
            'silu':nn.SiLU(),
            'mish':nn.Mish(),
            'leaky_relu':nn.LeakyReLU()
        }

        self.act = act_table[activation]
        
        # BN layers
        self.b1 = nn.BatchNorm2d(widths[0])
        self.b2 = nn.BatchNorm2d(widths[1])
        self.b3 = nn.BatchNorm2d(widths[2])
        self.b4 = nn.BatchNorm2d(widths[3])
        self.b5 = nn.BatchNorm2d(widths[4])

        self.flat = nn.Flatten()        

         # spatial size left after the five poolings
        self.out_h, self.out_w = self._spatial_after(input_shape)
        self.flat_features = widths[4] * self.out_h * self.out_w

        # dense head
        self.hidden = nn.Linear(self.flat_features, n_dense_output_neuron)
        self.head = nn.Linear(n_dense_output_neuron,out_classes)
        self.drop = nn.Dropout(dropout)

        # to the GPU when there is one
        self.to(DEVICE)
    
    # conv then the rest of the block
    def conv_block(self,x,conv_layer,batch_norm):
        """
        conv -> (BN) -> activation -> pool
        """

        x = conv_layer(x)
        x = self.after_conv(x,batch_norm)
        return x

    # (BN) -> activation -> pool
    def after_conv(self,x,batch_norm):
        """
        (BN) -> activation -> pool
        """

        if self.use_bn:
            x = batch_norm(x)
        x = self.act(x)
        x = self.pool(x)
        return x
    
    # spatial size after the five poolings
    def _spatial_after(self, input_size):
        """
        Halves height and width five times.
        """

        h, w = input_size
        for _ in range(5):  
            h = h // 2
            w = w // 2
        return h, w

    # forward pass
    def forward(self,x):
        """
        (B, 3, H, W) -> (B, out_classes) logits
        """
        x = self.conv_block(x,self.c1,self.b1)
        x = self.conv_block(x,self.c2,self.b2)
        x = self.conv_block(x,self.c3,self.b3)
        x = self.conv_block(x,self.c4,self.b4)
        x = self.conv_block(x,self.c5,self.b5)

        x = self.flat(x)
        x =  self.hidden(x)
        x = self.act(x)
        x = self.drop(x)

        logits = self.head(x)
        return logits

    # training with validation, early stopping and optional wandb
    def fit_loaders(self, train_data, val_data,lr=1e-5, weight_decay=0.0, epochs=20,
                  model_save_path='./models/model.pth',log_wandb=False,save_model=False,early_stopping_patience=10):               
        """
        Adam + cross-entropy; validation after each epoch; the best model by
        validation loss is saved when save_model is set.
        """
        criterion = torch.nn.CrossEntropyLoss()        
        opt = torch.optim.Adam(self.parameters(), lr=lr, weight_decay=weight_decay)    
        
        best_val = float('inf')
        waited = 0

        for ep in range(epochs):
            self.train() 
            sum_train_loss = 0
            n_right = 0
            n_seen = 0

            # training batches
            for i, (img, y) in enumerate(train_data):
                img = img.to(DEVICE)
                y = y.to(DEVICE)

                with torch.amp.autocast(device_type='cuda'):
                    logits = self.forward(img)
                    loss = criterion(logits, y)

                opt.zero_grad()
                loss.backward()
                opt.step()

                sum_train_loss += loss.item()
                guess = logits.argmax(dim=1, keepdim=True)
                n_right += guess.eq(y.view_as(guess)).sum().item()
                n_seen += y.size(0)
            
            torch.cuda.empty_cache()

            # epoch averages
            mean_train_loss = sum_train_loss / len(train_data)
            train_acc = 100. * n_right / n_seen

            # validation
            self.eval()
            with torch.no_grad():
                sum_val_loss = 0
                val_right = 0

                for xb, y in val_data:
                    xb = xb.to(DEVICE)
                    y = y.to(DEVICE)

                    logits_v = self.forward(xb)
                    sum_val_loss += criterion(logits_v, y).item()
                    guess = logits_v.argmax(dim=1, keepdim=True)
                    val_right += guess.eq(y.view_as(guess)).sum().item()

                mean_val_loss = sum_val_loss / len(val_data)
                val_acc = 100. * val_right / len(val_data.dataset)
            
            torch.cuda.empty_cache()
            print(f'Epoch [{ep+1}/{epochs}], Train Loss: {mean_train_loss:.4f}, Train Acc: {train_acc:.2f}%, Val Loss: {mean_val_loss:.4f}, Val Acc: {val_acc:.2f}%')
            
            # wandb
            if log_wandb:
                wandb.log({
                    "epoch": ep+1,
                    "train_loss": mean_train_loss,
                    "train_acc": train_acc,
                    "val_loss": mean_val_loss,
                    "val_acc": val_acc
                })

            # keep the best model / stop early
            if save_model:
                if mean_val_loss < best_val:
                    best_val = mean_val_loss
                    waited = 0
                    torch.save(self.state_dict(), model_save_path)
                    print("Saved at epoch {} (val loss {:.4f})".format(ep+1, mean_val_loss))
                else:
                    waited += 1
                    if waited >= early_stopping_patience:
                        print("Stopping early at epoch {}".format(ep+1))                    
                        break

