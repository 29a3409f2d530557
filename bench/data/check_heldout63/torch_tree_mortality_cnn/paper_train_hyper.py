# helpers used below
import time
import os

from sklearn.metrics import confusion_matrix
import torch

from src.model import MortalityCNN
from src.trainer import trainCNN
from src.accuracy import get_Ytrue_YPredict
from src.functions import *
from src.data_loader import transforms_aug, data_loader

# folders of the labelled tiles
fit_dir = "data/training_data/4classes/hyper/train_hyper"  # the unzipped data sits at the repository root
held_dir = "data/training_data/4classes/hyper/test_hyper"


mu, sd = get_mean_std(fit_dir, modality= 'hyper')

print(mu)
print(sd)
print("Hyperspectral tiles, 426 bands, 1 m; three bands picked for the CNN")

# run settings for this modality
IN_CH = 426
IN_HW = [128, 128]
N_CLASSES = 4            # four mortality classes
EPOCHS = 100             # passes over the training tiles
BS = 16                  # tiles per step
LR = 1e-3                # step size

OUT_DIR = "set a folder for checkpoints"

arch_name = "MortalityCNN"

bands = [57, 31, 15]  # None keeps every band
if bands is not None:
    IN_CH = len(bands)

stamp = time.time()
ckpt_file = os.path.join(OUT_DIR, f"model-HYPER-RGB{arch_name}-{stamp}.pt")
best_file = os.path.join(OUT_DIR, f"best-test-model-HYPER-RGB{arch_name}-{stamp}.pt")
print(f"Best weights go to: {best_file}")

# augmentation pipelines
tf_fit, tf_held = transforms_aug(IN_HW, mu, sd)

# loaders over the tile folders
fit_loader, held_loader = data_loader(fit_dir, held_dir, IN_HW, BS, mu, sd, channel_indices=bands)

# the network
net = MortalityCNN(input_size=[IN_CH] + IN_HW)
print(net)

t0 = time.time()
print(t0/60)

net, fit_hist, held_hist = trainCNN(net, fit_loader, held_loader,
                                    num_epochs=EPOCHS, 
                                    learning_rate=LR,
                                    modelsavepath=best_file,
                                    compute_accs=True)

t1 = time.time()
print(t1)
print(f" Took: {(t1-t0)/60} minutes")
print(f" Took: {(t1-t0)/60/60} hours")
print(time.time())



# confusion matrices on the held-out tiles
truth, guess = get_Ytrue_YPredict(net, held_loader )

cm = confusion_matrix(truth, guess)
print(cm)

cm_true = confusion_matrix(truth, guess, normalize="true")
print(cm_true)

cm_pred = confusion_matrix(truth, guess, normalize="pred")
print(cm_pred)

torch.save(net.state_dict(), ckpt_file)
