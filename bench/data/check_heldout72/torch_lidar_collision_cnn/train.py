# libraries
import pandas as pd
import numpy as np

# image reading and plotting
from skimage.io import imread
import matplotlib.pyplot as plt
import pickle

# train / test split
from sklearn.model_selection import train_test_split
from sklearn.metrics import confusion_matrix
import os
# metrics
from sklearn.metrics import accuracy_score, precision_score, recall_score, f1_score, classification_report
from tqdm import tqdm

# torch pieces
import torch
from torch.autograd import Variable
from torch.nn import Linear, ReLU, CrossEntropyLoss, Sequential, Conv2d, MaxPool2d, Module, Softmax, BatchNorm2d, Dropout
from torch.optim import Adam, SGD
import torchvision.transforms as transforms
from ScanImageDataset import ScanImageDataset
from Model.Model import Net

def load_pickle(path):
    with open(path, 'rb') as fh:
        print(path)
        return pickle.load(fh)

def dump_pickle( path, obj):
    with open(path, 'wb') as fh:
        pickle.dump(obj, fh, protocol=pickle.HIGHEST_PROTOCOL)

def report(title, truth, guesses):
    return f"""
    {title}
    accuracy: {accuracy_score(truth, guesses)}
    precision: {precision_score(truth, guesses)}
    recall: {recall_score(truth, guesses)}
    f1: {f1_score(truth, guesses)}
    """

def write_text(path, text):
    with open(path,'w') as fh:
        fh.write(text)



n_scan_images = 100
scan_table_path = f"../../scan_data/crash_table.pkl"
EPOCHS = 300
LR = 0.0005
BATCH = 64
run_tag = "pairBeforeCrash"
out_prefix = f"results/{run_tag}_{scan_table_path.split('/')[-1]}_EPOCHS{EPOCHS}_LR{LR}_BATCH{BATCH}"
table = load_pickle(scan_table_path)

undersample = False
pair_with_previous = True

if undersample:
    safe_rows = table.index[table['done_collision'] == False].tolist()
    safe_rows = safe_rows[:299*int(len(safe_rows)/300)]

    table = table.drop(safe_rows)
elif pair_with_previous:
    crash_rows = table.index[table['done_collision'] == True].tolist()
    keep = []
    for r in crash_rows:
        keep.append(r)
        keep.append(r-1)

    table = table.iloc[keep]






files = table['filename']
targets = table['done_collision'].astype(int)

print(table[:6])
from PIL import Image

for k in range(0,len(files),2):
    fig, axes = plt.subplots(2)
    axes[1].imshow( Image.open(f"../../scan_data/scans/{table.iloc[k]['filename']}.png"),cmap="PiYG_r")
    axes[0].imshow( Image.open(f"../../scan_data/scans/{table.iloc[k+1]['filename']}.png"),cmap="PiYG_r")
    print(targets.iloc[k+1])
    print(targets.iloc[k])
    print("---------")
    # plt.figure()
    # res = np.array(table.iloc[k]).shape
    # plt.imshow(batch[0][0], cmap="PiYG_r")
    # palettes tried: "binary" "PiYG_r" "bone" "bone_r" "RdYlGn_r"
    # plt.clim(-0.4, 1.4)
    # plt.gca().set_xticks(np.arange(-.5, res[1], 1), minor=True)
    # plt.gca().set_yticks(np.arange(-.5, res[0], 1), minor=True)
    plt.grid(True, which="minor", color="w", linewidth=0.6, alpha=0.5)
    # plt.gca().invert_yaxis()
    plt.show()




f_train, f_test, t_train, t_test = train_test_split(files, targets, test_size = 0.3, shuffle=True, stratify=table['done_collision'])


print(f"train label counts \n{t_train.value_counts()}")
print(f"test label counts \n{t_test.value_counts()}")


train_table = pd.concat([f_train,t_train],axis=1)
test_table = pd.concat([f_test,t_test],axis=1)

train_set = ScanImageDataset(annotations_file=train_table,img_dir="../../scan_data/scans/")
test_set = ScanImageDataset(annotations_file=test_table,img_dir="../../scan_data/scans/")

train_dl = torch.utils.data.DataLoader(train_set, batch_size=BATCH, shuffle=True, num_workers=2)
test_dl = torch.utils.data.DataLoader(test_set, batch_size=1,shuffle=True, num_workers=2)

# it = iter(train_dl)
# batch, labels = next(it)
#
# for k in range(len(batch)):
#     fig, axes = plt.subplots(2,2)
#     axes[0, 0].imshow(batch[k][0],cmap="PiYG_r")
#     axes[0, 1].imshow(batch[k+1][0],cmap="PiYG_r")
#     print(labels[k])
#     print(labels[k+1])
#     # plt.figure()
#     res = np.array(batch[k][0]).shape
#     # plt.imshow(batch[0][0], cmap="PiYG_r")
#     # palettes tried: "binary" "PiYG_r" "bone" "bone_r" "RdYlGn_r"
#     # plt.clim(-0.4, 1.4)
#     plt.gca().set_xticks(np.arange(-.5, res[1], 1), minor=True)
#     plt.gca().set_yticks(np.arange(-.5, res[0], 1), minor=True)
#     plt.grid(True, which="minor", color="w", linewidth=0.6, alpha=0.5)
#     # plt.gca().invert_yaxis()
#     plt.show()

device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')
print(device)


# network
net = Net()
# optimiser
opt = Adam(net.parameters(), lr=LR)
# objective
crit = CrossEntropyLoss()
# move to the device
net = net.to(device)
crit = crit.to(device)


hist = {
	"train_loss": [],
	"train_acc": [],
}

print(net)
steps_per_epoch = len(train_dl.dataset) // BATCH

for epoch in range(EPOCHS):  # passes over the training data
    n_right = 0
    epoch_loss = 0
    window_loss = 0.0
    for i, batch in enumerate(train_dl, 0):
        # unpack images and labels
        scans, labels = batch[0].type(torch.cuda.FloatTensor).to(device), batch[1].to(device)

        # reset gradients
        opt.zero_grad()

        # forward, backward, update
        logits = net(scans)
        loss = crit(logits, labels)
        loss.backward()
        opt.step()

        # bookkeeping
        window_loss += loss.item()
        epoch_loss += loss
        n_right += (logits.argmax(1) == labels).type(
            torch.float).sum().item()

        if i % 10== 9:  # report every ten batches
            print(f'[{epoch + 1}, {i + 1:5d}] loss: {window_loss / 10:.3f}')
            window_loss = 0.0

    mean_loss = epoch_loss / steps_per_epoch
    n_right = n_right / len(train_dl.dataset)

    hist["train_acc"].append(n_right)
    hist["train_loss"].append(mean_loss.cpu().detach().numpy())
    print("[INFO] epoch: {}/{}".format(epoch + 1, EPOCHS))
    print("train loss: {:.6f}, train accuracy: {:.4f}".format(
        mean_loss, n_right))


print('training finished')

# curves
plt.style.use("ggplot")
plt.figure()
plt.plot(hist["train_loss"], label="train_loss")
plt.plot(hist["train_acc"], label="train_acc")
plt.title("Training curves")
plt.xlabel("epoch")
plt.ylabel("value")
plt.legend(loc="lower left")
plt.savefig(f"{out_prefix}.png")
# write the whole model object
torch.save(net, f"{out_prefix}.model")


test_guesses = []
test_truth = []
probs_list = []

def softmax(z):
    '''numpy softmax of one row of scores.'''
    e = np.exp(z)
    total = e.sum()
    out = np.round(e/total,3)
    return out

# inference only, so gradients are off
with torch.no_grad():
    for batch in test_dl:
        scans, labels = batch[0].type(torch.cuda.FloatTensor).to(device), batch[1].to(device)
        # scores for this scan
        logits = net(scans)

        probs_list.append(softmax(logits.data.cpu().numpy()))
        # predicted class is the arg max
        _, guess = torch.max(logits.data, 1)

        test_guesses.append(guess.cpu().numpy())
        test_truth.append(labels.cpu().numpy())

print(f'probabilities  {probs_list}')
print(f"confusion matrix {confusion_matrix(test_truth,test_guesses)}")
test_report = report("Testing", test_truth, test_guesses)
write_text(f"{out_prefix}.results", test_report + '\n\n' + str(probs_list) + '\n\n' + str(confusion_matrix(test_truth,test_guesses)))
print(test_report)
