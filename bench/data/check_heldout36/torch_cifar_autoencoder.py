import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
import pickle
import numpy as np
import matplotlib.pyplot as plt

device = torch.device('cuda') # run on the GPU
torch.set_num_threads(1) # torch would otherwise use every core

# course notes: lecture 1 from slide 69, lecture 2 slides 42-83 and 93-152
# reference pages used while writing this:
#   activation functions
#   layer types
#   general network concepts
#   overview of gradient descent optimisers
# plan: get 10 images reconstructed first, then 100
# then 1000; if that works the full 50k should as well
# a grey or black output that does not change means training is stuck
# input pipeline
# still to do
# target layout is an array of shape (N, 32, 32, 3)

# unpickle one CIFAR batch file
def read_pickle_batch(batch_path):
    with open(batch_path, 'rb') as fh:
        return pickle.load(fh, encoding='bytes')

# turn the (10000, 3072) rows into (10000, 32, 32, 3) images
def rows_to_images(rows):
    rows = rows.reshape((10000, 3, 1024))
    rows = rows.reshape((10000, 3, 32, 32))
    return np.moveaxis(rows, 1, -1) # channels go last

def load_train_images():
    images = rows_to_images(read_pickle_batch("cifar-10-batches-py/data_batch_1")[b'data']) # first batch file
    for i in range(2,5): # append the following batch files
        batch_images = rows_to_images(read_pickle_batch("cifar-10-batches-py/data_batch_" + str(i))[b'data'])
        # each file holds 10000 rows of 3072 bytes
        images = np.append(images, batch_images, axis=0)
    
    return np.float32(images / 255)


# every layer has to be created in __init__
class TinyAutoencoder(nn.Module):
    def __init__(self, width, height, channels):
        super(TinyAutoencoder, self).__init__()
        self.img_width = width
        self.img_height = height
        self.img_channels = channels

        # encoder layers
        # in channels, out channels, kernel size, stride
        self.enc_conv = nn.Conv2d(3, 5, 8, 2)
        self.enc_fc = nn.Linear(45, 10)

        # decoder layers
        self.dec_fc = nn.Linear(10, 36)
        self.dec_deconv_a = nn.ConvTranspose2d(4, 6, 4, 2)
        self.dec_deconv_b = nn.ConvTranspose2d(6, 3, 11, 3)

    def encode(self, x):
        # 3 -> 5 channels with a strided kernel
        x = F.leaky_relu(self.enc_conv(x)) # in: [1, 3, 32, 32]
        # 4x4 max pooling
        x = F.max_pool2d(x, 4) # in: [1, 5, 13, 13]
        # flatten everything into one vector
        x = torch.flatten(x) # in: [1, 5, 3, 3]
        # squeeze down to a 10-value code
        x = F.leaky_relu(self.enc_fc(x)) # in: [45]
        # out: [10]
        return x
    
    # a sigmoid on the last layer might work better than leaky_relu
    def decode(self, x):
        x = F.leaky_relu(self.dec_fc(x)) # in: [10]
        x = torch.reshape(x, (1, 4, 3, 3)) # in: [36]
        x = F.leaky_relu(self.dec_deconv_a(x)) # out: [1, 6, 8, 8]
        x = F.leaky_relu(self.dec_deconv_b(x)) # out: [1, 3, 32, 32]
        return x
    
    def forward(self, x):
        x = self.encode(x)
        x = self.decode(x)
        return x

# plot an input next to its reconstruction
def plot_pair(source_img, rebuilt_img):
    fig, panels = plt.subplots(2, 1)
    panels[0].imshow(source_img)
    panels[1].imshow(rebuilt_img)
    plt.tight_layout()
    plt.show()
    plt.clf()
    plt.close()

# the training loop
def train_model(model, train_data):
    # optimiser
    optimizer = optim.Adam(model.parameters(), lr=0.001)
    # mean squared error between input and output
    loss_fn = nn.MSELoss()

    step_count = 0
    loss_sum = 0
    epoch = 0
    epoch_limit = 200

    while (epoch < epoch_limit):
        for idx, sample in enumerate(train_data):
            step_count += 1
            # numpy image to tensor on the GPU
            img_tensor = torch.from_numpy(sample).to(device)
            # layout is (32, 32, 3)
            # the network wants (1, 3, 32, 32)
            # so move the channel axis
            target = img_tensor.permute(2, 0, 1).unsqueeze(0)
            # clear old gradients
            optimizer.zero_grad()
            recon = model(target)
            loss = loss_fn(recon, target)
            # running mean of the loss
            loss_sum += loss.item()
            print("mean loss {0: .4f} | epoch {1} | step {2}"
                .format(loss_sum / step_count, epoch, step_count))
            # backward pass
            loss.backward()
            optimizer.step()
        epoch += 1
    
    # show one reconstruction at the end
    source_img = train_data[0]
    model.eval()
    rebuilt = torch.tensor(sample, requires_grad=True).to(device)
    rebuilt = img_tensor.permute(2, 0, 1).unsqueeze(0)
    rebuilt = model(rebuilt)
    rebuilt = np.moveaxis(rebuilt.detach().cpu().numpy()[0], 0, 2)
    plot_pair(source_img, rebuilt)


train_images = load_train_images()
tiny_ae = TinyAutoencoder(32, 32, 3)
tiny_ae.cuda(device)
train_model(tiny_ae, train_images[0:1])
