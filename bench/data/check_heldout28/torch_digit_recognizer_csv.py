import numpy as np
import pandas as pd
import torch
from torch.utils.data import Dataset, TensorDataset
from torchvision import datasets, transforms, models
from torch import nn
from torch import optim
import torch.nn.functional as F

from sklearn.model_selection import train_test_split

# small two-block CNN for 28 x 28 digits
class DigitCNN(nn.Module):
    def __init__(self):
        super(DigitCNN, self).__init__()
        
        # first conv: 1 -> 16 channels, 3x3, same padding
        self.conv_a = nn.Conv2d(1, 16, 3, padding=1)
        # second conv: 16 -> 32 channels, 3x3, same padding
        self.conv_b = nn.Conv2d(16, 32, 3, padding=1)
        
        self.pool = nn.MaxPool2d(2, 2)  # halves height and width
        
        # dense head on the 32*7*7 flattened maps
        self.dense_a = nn.Linear(32 * 7 * 7, 500)
        self.dense_out = nn.Linear(500, 10)  # one score per digit
        
        self.drop = nn.Dropout(0.25)  # regularisation
        
    def forward(self, x):
        x = self.pool(F.relu(self.conv_a(x)))  # conv, relu, pool
        x = self.pool(F.relu(self.conv_b(x)))  # conv, relu, pool
        
        x = x.view(-1, 32 * 7 * 7)  # flatten
        x = self.drop(x)  # dropout
        x = F.relu(self.dense_a(x))  # hidden layer
        x = self.drop(x)  # dropout
        x = F.log_softmax(self.dense_out(x), dim=1)  # log-probabilities
        
        return x

# turn a pixel table (and optional labels) into tensors the net can take
def to_tensors(X, y=None):
    
    if y is not None:
        # labelled rows
        X = X.values.reshape(-1, 1, 28, 28)  # rows -> 1 x 28 x 28 images
        X = torch.from_numpy(X)  # numpy -> tensor
        X = torch.true_divide(X, 255)  # scale to [0, 1]
        X = torch.true_divide((X - 0.5), 0.5)  # shift to [-1, 1]
        
        y = torch.from_numpy(y.values)  # labels -> tensor
        y.type(torch.LongTensor)  # long labels (result unused)
        
        return X, y
    
    else:
        # unlabelled rows
        X = X.values.reshape(-1, 1, 28, 28)  # rows -> 1 x 28 x 28 images
        X = torch.from_numpy(X)  # numpy -> tensor
        X = torch.true_divide(X, 255)  # scale to [0, 1]
        X = torch.true_divide((X - 0.5), 0.5)  # shift to [-1, 1]
        
        return X

# read the Kaggle csv files
train_df = pd.read_csv("data/train.csv")
test_df = pd.read_csv("data/test.csv")

pixels_df = train_df.drop(columns=["label"])  # pixel columns
labels_s = train_df["label"]  # digit labels

# hold out a validation part
train_X, valid_X, train_y, valid_y = train_test_split(pixels_df, labels_s, test_size=0.20, random_state=42)

# convert to tensors
train_X_t, train_y_t = to_tensors(X=train_X, y=train_y)
valid_X_t, valid_y_t = to_tensors(X=valid_X, y=valid_y)
test_X_t = to_tensors(test_df)

batch_size = 32

# loaders for the training and validation tensors
train_dataset = torch.utils.data.TensorDataset(train_X_t, train_y_t)
valid_dataset = torch.utils.data.TensorDataset(valid_X_t, valid_y_t)
train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=batch_size)
valid_loader = torch.utils.data.DataLoader(valid_dataset, batch_size=batch_size)

# loader for the unlabelled test tensors
test_dataset = torch.utils.data.TensorDataset(test_X_t)
test_loader = torch.utils.data.DataLoader(test_dataset)

# build the network
model = DigitCNN()

if torch.cuda.is_available():
    model.cuda()

print(model)

# loss and optimizer
loss_fn = nn.CrossEntropyLoss()
optimizer = optim.Adam(model.parameters(), lr=0.003)

# training settings and bookkeeping
epochs = 20
best_valid_loss = np.Inf
hits_per_class = list(0. for i in range(10))
seen_per_class = list(0. for i in range(10))

train_loss_history = []
valid_loss_history = []

for epoch in range(1, epochs+1):
    # running sums for this epoch
    train_loss = 0.0
    valid_loss = 0.0
    
    # training mode (dropout on)
    model.train()
    for images, labels_b in train_loader:
        if torch.cuda.is_available():
            images, labels_b = images.cuda(), labels_b.cuda()
        optimizer.zero_grad()  # reset grads
        preds = model(images)  # forward
        loss = loss_fn(preds, labels_b)  # loss
        loss.backward()  # backward
        optimizer.step()  # update
        train_loss += loss.item() * images.size(0)
    
    # evaluation mode, no gradients
    model.eval()
    with torch.no_grad():
        for images, labels_b in valid_loader:
            if torch.cuda.is_available():
                images, labels_b = images.cuda(), labels_b.cuda()
            preds = model(images)  # forward
            loss = loss_fn(preds, labels_b)  # loss
            valid_loss += loss.item() * images.size(0)
            
            _, guess = torch.max(preds, 1)
            hits = np.squeeze(guess.eq(labels_b.data.view_as(guess)))
            
            for i in range(len(labels_b)):
                digit = labels_b.data[i]
                hits_per_class[digit] += hits[i].item()
                seen_per_class[digit] += 1
            
    train_loss = train_loss / len(train_loader.sampler)
    valid_loss = valid_loss / len(valid_loader.sampler)
    
    train_loss_history.append(train_loss)
    valid_loss_history.append(valid_loss)
    
    # keep the weights when validation loss improves
    if valid_loss <= best_valid_loss:
        print(f"val loss went from {best_valid_loss:.6f} to {valid_loss:.6f}."
              " Writing the model.")
        torch.save(model, "model/CNN.pt")
        best_valid_loss = valid_loss
        
# per-digit accuracy
for i in range(10):
    if seen_per_class[i] > 0:
        print('digit %5s: %2d%% right (%2d/%2d)' % (
            str(i), 100 * hits_per_class[i] / seen_per_class[i],
            np.sum(hits_per_class[i]), np.sum(seen_per_class[i])))
    else:
        print('digit %5s: no samples seen' % (classes[i]))

# overall accuracy
print('\noverall: %2d%% right (%2d/%2d)' % (
    100. * np.sum(hits_per_class) / np.sum(seen_per_class),
    np.sum(hits_per_class), np.sum(seen_per_class)))

# reload the best saved model
model = torch.load("model/CNN.pt", map_location=torch.device('cpu'))

if torch.cuda.is_available():
    model.cuda()

print(model)

predicted = []
model.eval()
with torch.no_grad():
    for images in test_loader:
        images = images[0]
        
        if torch.cuda.is_available():
            images = images.cuda()
        
        preds = model(images)
        predicted.append(torch.argmax(torch.exp(preds).data).item())

# write the submission file
submission = {'ImageId': list(range(1, len(test_loader.sampler) + 1)), 'Label': predicted}
submission_df = pd.DataFrame.from_dict(submission)
submission_df.to_csv('output/submission.csv', index=False)
