import os
import sys
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
import seaborn as sns
from PIL import Image
from sklearn.metrics import confusion_matrix, classification_report
from sklearn.model_selection import train_test_split
import torch
import torch.optim as optim
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
import torchvision.transforms as transforms
from torchvision import models, datasets
import warnings
warnings.filterwarnings('ignore')

sys.path.append('src')

from config import *
from data.data_loader import prepare_data
from data.data_utils import display_images, plot_class_distribution
from models.custom_cnn import BrainTumorCNN
from models.resnet_model import get_resnet18_model, setup_resnet18_optimizer, setup_resnet18_finetuning
from fit_utils import fit_loop, show_history
from eval_helpers import run_test, show_predictions

def run():
    print("MRI tumour classification: start")
    
    print("\n1. looking at the data:")
    kinds = os.listdir(base_directory+'/'+train)
    print(f"classes: {kinds}")
    
    plot_class_distribution(train)
    display_images(train)
    
    plot_class_distribution(test)
    display_images(test)
    
    print("\n2. loaders...")
    fit_loader, val_loader, test_loader = prepare_data()
    
    print(f"\n3. small CNN...")
    net_a = BrainTumorCNN(num_classes=4).to(device) 
    crit = nn.CrossEntropyLoss()
    opt_a = torch.optim.Adam(net_a.parameters(), lr=0.0007)
    
    print("fitting...")
    hist_a = fit_loop(net_a, fit_loader, val_loader, crit, opt_a, num_epochs=60)
    
    show_history(hist_a, model_name="SmallCNN")
    
    print("\nreloading best weights...")
    net_a.load_state_dict(torch.load('models/best_brain_tumor_model.pth'))
    run_test(net_a, test_loader)
    show_predictions(net_a, test_loader, 8)
    
    print(f"\n4. ResNet18...")
    net_b = get_resnet18_model(num_classes=4, device=device)
    opt_b = setup_resnet18_optimizer(net_b, lr=0.001)
    
    print("fitting...")
    hist_b = fit_loop(net_b, fit_loader, val_loader, crit, opt_b, num_epochs=60, name='resnet18')
    
    show_history(hist_b, model_name="ResNet18")
    
    print("\nreloading best weights...")
    net_b.load_state_dict(torch.load('models/best_brain_tumor_resnet18.pth'))
    run_test(net_b, test_loader)
    show_predictions(net_b, test_loader, 8)
    
    print(f"\n5. ResNet18 fine-tuning...")
    opt_c = setup_resnet18_finetuning(net_b, lr=1e-4)
    
    print("fine-tuning...")
    hist_c = fit_loop(net_b, fit_loader, val_loader, crit, opt_c, num_epochs=30, name='resnet18_finetuned')
    
    show_history(hist_c, model_name="ResNet18-ft")
    
    print("\nreloading best fine-tuned weights...")
    net_b.load_state_dict(torch.load('models/best_brain_tumor_resnet18_finetuned.pth'))
    run_test(net_b, test_loader)
    show_predictions(net_b, test_loader, 8)
    
    print("\nall stages finished")

if __name__ == "__main__":
    run()
