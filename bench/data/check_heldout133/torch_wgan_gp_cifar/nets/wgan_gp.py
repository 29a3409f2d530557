import torch
import torch.nn as nn
import torch.optim as optim
from torch.autograd import Variable
from torch import autograd
import time as t
import matplotlib.pyplot as plt
plt.switch_backend('agg')
import os
from tools.tensorboard_logger import Logger
from itertools import chain
from torchvision import utils

SNAPSHOT_EVERY = 100

class Generator(torch.nn.Module):
    def __init__(self, channels):
        super().__init__()
        # widths go 1024 -> 512 -> 256
        # noise has 100 entries
        # last layer gives the image channels
        self.main_module = nn.Sequential(
            # noise 100 x 1 x 1
            nn.ConvTranspose2d(in_channels=100, out_channels=1024, kernel_size=4, stride=1, padding=0),
            nn.BatchNorm2d(num_features=1024),
            nn.ReLU(True),

            # now 1024 x 4 x 4
            nn.ConvTranspose2d(in_channels=1024, out_channels=512, kernel_size=4, stride=2, padding=1),
            nn.BatchNorm2d(num_features=512),
            nn.ReLU(True),

            # now 512 x 8 x 8
            nn.ConvTranspose2d(in_channels=512, out_channels=256, kernel_size=4, stride=2, padding=1),
            nn.BatchNorm2d(num_features=256),
            nn.ReLU(True),

            # now 256 x 16 x 16
            nn.ConvTranspose2d(in_channels=256, out_channels=channels, kernel_size=4, stride=2, padding=1))
            # result: C x 32 x 32

        self.output = nn.Tanh()

    def forward(self, x):
        x = self.main_module(x)
        return self.output(x)


class Discriminator(torch.nn.Module):
    def __init__(self, channels):
        super().__init__()
        # widths go 256 -> 512 -> 1024
        # input is a C x 32 x 32 image
        # one score out
        self.main_module = nn.Sequential(
            # no batch norm in the critic: the penalty is taken per sample,
            # so a per-sample norm is used instead of a batch-wide one
            # (instance norm stands in for layer norm here)
            # C x 32 x 32
            nn.Conv2d(in_channels=channels, out_channels=256, kernel_size=4, stride=2, padding=1),
            nn.InstanceNorm2d(256, affine=True),
            nn.LeakyReLU(0.2, inplace=True),

            # 256 x 16 x 16
            nn.Conv2d(in_channels=256, out_channels=512, kernel_size=4, stride=2, padding=1),
            nn.InstanceNorm2d(512, affine=True),
            nn.LeakyReLU(0.2, inplace=True),

            # 512 x 8 x 8
            nn.Conv2d(in_channels=512, out_channels=1024, kernel_size=4, stride=2, padding=1),
            nn.InstanceNorm2d(1024, affine=True),
            nn.LeakyReLU(0.2, inplace=True))
            # trunk ends at 1024 x 4 x 4

        self.output = nn.Sequential(
            # an unbounded critic score, so no sigmoid
            nn.Conv2d(in_channels=1024, out_channels=1, kernel_size=4, stride=1, padding=0))


    def forward(self, x):
        x = self.main_module(x)
        return self.output(x)

    def feature_extraction(self, x):
        # trunk features as one 16384-long vector
        x = self.main_module(x)
        return x.view(-1, 1024*4*4)


class WGAN_GP(object):
    def __init__(self, opts):
        print("building the gradient-penalty WGAN")
        self.G = Generator(opts.channels)
        self.D = Discriminator(opts.channels)
        self.C = opts.channels

        # device placement
        self.check_cuda(opts.cuda)

        # hyper-parameters of the paper
        self.learning_rate = 1e-4
        self.b1 = 0.5
        self.b2 = 0.999
        self.batch_size = 64

        # adam for both players
        self.d_optimizer = optim.Adam(self.D.parameters(), lr=self.learning_rate, betas=(self.b1, self.b2))
        self.g_optimizer = optim.Adam(self.G.parameters(), lr=self.learning_rate, betas=(self.b1, self.b2))

        # summaries
        self.logger = Logger('./logs')
        self.logger.writer.flush()
        self.number_of_images = 10

        self.generator_iters = opts.generator_iters
        self.critic_iter = 5
        self.lambda_term = 10

    def get_torch_variable(self, arg):
        if self.cuda:
            return Variable(arg).cuda(self.cuda_index)
        else:
            return Variable(arg)

    def check_cuda(self, use_gpu=False):
        print(use_gpu)
        if use_gpu:
            self.cuda_index = 0
            self.cuda = True
            self.D.cuda(self.cuda_index)
            self.G.cuda(self.cuda_index)
            print("gpu on: {}".format(self.cuda))
        else:
            self.cuda = False


    def train(self, train_loader):
        self.t_begin = t.time()
        self.file = open("inception_score_graph.txt", "w")

        # endless stream of real batches
        self.data = self.get_infinite_batches(train_loader)

        pos = torch.tensor(1, dtype=torch.float)
        neg = pos * -1
        if self.cuda:
            pos = pos.cuda(self.cuda_index)
            neg = neg.cuda(self.cuda_index)

        for gi in range(self.generator_iters):
            # let the critic learn
            for p in self.D.parameters():
                p.requires_grad = True

            d_real = 0
            d_fake = 0
            w_dist = 0
            # several critic updates per generator update
            for di in range(self.critic_iter):
                self.D.zero_grad()

                reals = self.data.__next__()
                # skip a short last batch
                if (reals.size()[0] != self.batch_size):
                    continue

                noise = torch.randn((self.batch_size, 100, 1, 1))

                reals, noise = self.get_torch_variable(reals), self.get_torch_variable(noise)

                # critic step
                # real batch first
                # score the real batch
                d_real = self.D(reals)
                d_real = d_real.mean()
                d_real.backward(neg)

                # then a generated batch
                noise = self.get_torch_variable(torch.randn(self.batch_size, 100, 1, 1))

                fakes = self.G(noise)
                d_fake = self.D(fakes)
                d_fake = d_fake.mean()
                d_fake.backward(pos)

                # and the penalty term
                gp = self.calculate_gradient_penalty(reals.data, fakes.data)
                gp.backward()


                d_total = d_fake - d_real + gp
                w_dist = d_real - d_fake
                self.d_optimizer.step()
                print(f'  critic step {di}/{self.critic_iter}, fake {d_fake}, real {d_real}')

            # generator step
            for p in self.D.parameters():
                p.requires_grad = False  # freeze the critic

            self.G.zero_grad()
            # generator update
            # score of fresh fakes
            noise = self.get_torch_variable(torch.randn(self.batch_size, 100, 1, 1))
            fakes = self.G(noise)
            g_score = self.D(fakes)
            g_score = g_score.mean()
            g_score.backward(neg)
            g_cost = -g_score
            self.g_optimizer.step()
            print(f'generator step {gi}/{self.generator_iters}, score {g_score}')
            # periodic snapshot and sample grid
            if (gi) % SNAPSHOT_EVERY == 0:
                self.save_model()
                # # disabled: inception score over 8k samples, drawn 800 at a time
                # # because one pass of 8k did not fit the card
                # # (kept for reference)
                # pool = []
                # for k in range(125):
                #     batch  = self.data.__next__()
                # #     noise = Variable(torch.randn(800, 100, 1, 1)).cuda(self.cuda_index)
                # #     batch = self.G(noise)
                #     pool.append(batch.data.cpu().numpy())
                # #
                # # # one flat list
                # flat = list(chain.from_iterable(pool))
                # print("inception score over 8k samples")
                # # # numpy arrays in
                # score = get_inception_score(flat, cuda=True, batch_size=32,
                #                                       resize=True, splits=10)

                if not os.path.exists('training_result_images/'):
                    os.makedirs('training_result_images/')

                # map back to [0, 1] and save an 8 x 8 grid
                noise = self.get_torch_variable(torch.randn(800, 100, 1, 1))
                samples = self.G(noise)
                samples = samples.mul(0.5).add(0.5)
                samples = samples.data.cpu()[:64]
                grid = utils.make_grid(samples)
                utils.save_image(grid, 'training_result_images/img_generatori_iter_{}.png'.format(str(gi).zfill(3)))

                # timing
                spent = t.time() - self.t_begin
                #print("inception score: {}".format(score))
                print("generator step: {}".format(gi))
                print("seconds so far {}".format(spent))

                # (disabled) write score and time to a file
                #line = str(gi) + " " + str(spent) + " " + str(score[0]) + "\n"
                #self.file.write(line)


                # ---- tensorboard ----
                # scalars
                scalars = {
                    'Wasserstein distance': w_dist.data,
                    'Loss D': d_total.data,
                    'Loss G': g_cost.data,
                    'Loss D Real': d_real.data,
                    'Loss D Fake': d_fake.data

                }

                for tag, value in scalars.items():
                    self.logger.scalar_summary(tag, value.cpu(), gi + 1)

                # pictures
                scalars = {
                    'real_images': self.real_images(reals, self.number_of_images),
                    'generated_images': self.generate_img(noise, self.number_of_images)
                }

                for tag, reals in scalars.items():
                    self.logger.image_summary(tag, reals, gi + 1)



        self.t_end = t.time()
        print('training took {}'.format((self.t_end - self.t_begin)))
        #self.file.close()

        # final weights
        self.save_model()

    def evaluate(self, test_loader, d_file, g_file):
        self.load_model(d_file, g_file)
        self.G.eval()
        self.D.eval()
        noise = self.get_torch_variable(torch.randn(self.batch_size, 100, 1, 1))
        samples = self.G(noise)
        samples = samples.mul(0.5).add(0.5)
        samples = samples.data.cpu()
        grid = utils.make_grid(samples)
        print("sample grid written to 'dgan_model_image.png'.")
        utils.save_image(grid, 'dgan_model_image.png')


    def calculate_gradient_penalty(self, reals, fakes):
        mix = torch.FloatTensor(self.batch_size,1,1,1).uniform_(0,1)
        mix = mix.expand(self.batch_size, reals.size(1), reals.size(2), reals.size(3))
        if self.cuda:
            mix = mix.cuda(self.cuda_index)
        else:
            mix = mix

        between = mix * reals + ((1 - mix) * fakes)

        if self.cuda:
            between = between.cuda(self.cuda_index)
        else:
            between = between

        # gradients are taken with respect to this
        between = Variable(between, requires_grad=True)

        # critic score of the mixed images
        score_between = self.D(between)

        # d score / d input
        grads = autograd.grad(outputs=score_between, inputs=between,
                               grad_outputs=torch.ones(
                                   score_between.size()).cuda(self.cuda_index) if self.cuda else torch.ones(
                                   score_between.size()),
                               create_graph=True, retain_graph=True)[0]

        # one row per sample for the norm
        grads = grads.view(grads.size(0), -1)
        
        penalty = ((grads.norm(2, dim=1) - 1) ** 2).mean() * self.lambda_term
        return penalty

    def real_images(self, batch, count):
        if (self.C == 3):
            return self.to_np(batch.view(-1, self.C, 32, 32)[:self.number_of_images])
        else:
            return self.to_np(batch.view(-1, 32, 32)[:self.number_of_images])

    def generate_img(self, noise, count):
        made = self.G(noise).data.cpu().numpy()[:count]
        pics = []
        for one in made:
            if self.C == 3:
                pics.append(one.reshape(self.C, 32, 32))
            else:
                pics.append(one.reshape(32, 32))
        return pics

    def to_np(self, x):
        return x.data.cpu().numpy()

    def save_model(self):
        torch.save(self.G.state_dict(), './generator.pkl')
        torch.save(self.D.state_dict(), './discriminator.pkl')
        print('weights written to ./generator.pkl and ./discriminator.pkl ')

    def load_model(self, d_name, g_name):
        d_path = os.path.join(os.getcwd(), d_name)
        g_path = os.path.join(os.getcwd(), g_name)
        self.D.load_state_dict(torch.load(d_path))
        self.G.load_state_dict(torch.load(g_path))
        print('generator weights read from {}.'.format(g_path))
        print('critic weights read from {}-'.format(d_path))

    def get_infinite_batches(self, loader):
        while True:
            for k, (batch, _) in enumerate(loader):
                yield batch

    def generate_latent_walk(self, number):
        if not os.path.exists('interpolated_images/'):
            os.makedirs('interpolated_images/')

        steps = 10
        # walk between two noise vectors
        z_mid = torch.FloatTensor(1, 100, 1, 1)
        z_a = torch.randn(1, 100, 1, 1)
        z_b = torch.randn(1, 100, 1, 1)
        if self.cuda:
            z_mid = z_mid.cuda()
            z_a = z_a.cuda()
            z_b = z_b.cuda()

        z_mid = Variable(z_mid)
        frames = []
        w = 1.0 / float(steps + 1)
        print(w)
        for k in range(1, steps + 1):
            z_mid.data = z_a*w + z_b*(1.0 - w)
            w += w
            img = self.G(z_mid)
            img = img.mul(0.5).add(0.5) #back to [0, 1]
            frames.append(img.view(self.C,32,32).data.cpu())

        grid = utils.make_grid(frames, nrow=steps )
        utils.save_image(grid, 'interpolated_images/interpolated_{}.png'.format(str(number).zfill(3)))
        print("latent walk saved.")
