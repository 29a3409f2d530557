import torch.nn as nn
import torch
from PIL import Image
from numpy import asarray
from models.unet import UNet
from torch.autograd import Variable
import torch.optim as optim
import torchvision.transforms.functional as TF
from models.utils import z, imshow, image_to_tensor, tensor_to_image


tensor_kind = torch.cuda.FloatTensor

have_cuda = torch.cuda.is_available()
print(have_cuda)

picture_file = "../data/face.png"
picture = Image.open(picture_file)
imshow(asarray(picture))

hole_file = "../data/face_hole.png"
hole = Image.open(hole_file)
imshow(asarray(hole))

target = image_to_tensor(picture)
hole = image_to_tensor(hole)

prior_net = UNet()

if have_cuda:
    prior_net = prior_net.cuda()

opt = optim.Adam(prior_net.parameters(), lr=0.001)

# how many optimisation steps
steps = 1000

# how often to report an image
report_every = 250

# one image only, so gradients are cleared a single time up front
opt.zero_grad()

for step in range(steps):
    code = z(shape=(picture.height, picture.width), channels=3)
    print(code.dtype)
    code = torch.from_numpy(code).float()
    if have_cuda:
        code = code.cuda()

    recon = prior_net(code)

    # masked reconstruction error
    err = torch.sum(torch.mul((recon - target), hole)**2)
    err.backward()
    opt.step()

    print('step {} err {}'.format(step, err.data.cpu()))

    if steps % report_every == 0:
        print('IMAGE READY')
