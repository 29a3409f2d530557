from tqdm import tqdm
import torch
import matplotlib.pyplot as plt
from utils import moving_avg, item
import numpy as np
from abc import ABC, abstractmethod
import os
from torch.utils.tensorboard import SummaryWriter
import torchvision

class BaseRunner(ABC):
    def __init__(self, gen_net, critic_net, gen_opt, critic_opt,
                z_dim, device, fixed_imgs=16, save_dir=None,
                log_dir=None, resume_dir=None, save_every=0):
        self.gen = gen_net
        self.crit = critic_net
        self.resume_dir = resume_dir
        self.save_every = save_every
        self.board = None
        self.log_dir = log_dir
        self.gen_opt_ = gen_opt
        self.crit_opt = critic_opt
        self.zdim = z_dim
        self.device = device
        self.save_dir = save_dir
        self.log_dir = log_dir
        self.hist = {'gen': [], 'crit': []}
        self._ep_now = 0
        self._ep_total = 0
        self._n_fixed = fixed_imgs
        zshape = (self._n_fixed, self.zdim)
        self._fixed_z = self.rand_z(zshape)   
        self.fixed_imgs = []
        self._it = 0

    @abstractmethod
    def critic_step(self, x_real):
        pass
    
    @abstractmethod
    def gen_step(self, x_real):
        pass

    @abstractmethod
    def fit_batch(self, x_real):
        pass

    def fit_epoch(self, loader):
        for mb in self.wrap_epoch(loader):
            self.fit_batch(mb)
            
            if self._it % 10 == 0:
                self.log_stats()

            self._it += 1
    
    def log_stats(self):
        fixed_imgs = self.fixed_images()
        assert not torch.isnan(fixed_imgs).any()
        self.fixed_imgs.append(fixed_imgs)

        if self.board:
            self.board.add_scalars('loss curves', {
                'gen': np.mean(self.hist['gen'][-10:]),
                'critic': np.mean(self.hist['crit'][-10:])
            } , self._it)
            
            # fixed-noise images
            tile = torchvision.utils.make_grid(fixed_imgs)
            self.board.add_image('fixed draws', tile, self._it)

            # freshly drawn images
            fresh_imgs = self.gen_batch(self._n_fixed)
            tile = torchvision.utils.make_grid(fresh_imgs)
            self.board.add_image('fresh draws', tile, self._it)




    def wrap_epoch(self, loader):
        bar = tqdm(loader)
        bar.set_description(f'pass {self._ep_now} of {self._ep_total}')
        return bar

    def fit(self, loader, epochs):

        if self.resume_dir:
            self.gen.load_state_dict(torch.load(os.path.join(self.resume_dir, 'gen_w.pt')))
            self.crit.load_state_dict(torch.load(os.path.join(self.resume_dir, 'critic_w.pt')))

        self.board = SummaryWriter(self.log_dir) if self.log_dir else None

        if self.device:
            self.crit.to(self.device)
            self.gen.to(self.device)

            self._fixed_z = self._fixed_z.to(self.device)

        self._it=0
        
        fixed_imgs = self.fixed_images()
        self.fixed_imgs.append(fixed_imgs)

        if self.board:
            
            if not self.resume_dir:
                self.board.delete_all_tensorboard_events()
                
            # a real batch for reference
            example_batch = item(next(iter(loader)))
            if self.device:
                example_batch = example_batch.to(self.device)
            tile = torchvision.utils.make_grid(example_batch)
            self.board.add_image('real batch', tile, 0)

            # critic graph
            self.board.add_graph(self.crit, example_batch)

            # fixed draws before any update
            tile = torchvision.utils.make_grid(fixed_imgs)
            self.board.add_image('progress', tile, 0)

        print("Fitting...")
        self._ep_total = epochs
        for ep in range(epochs):
            self._ep_now = ep+1
            self.fit_epoch(loader)
            if self.save_every and (ep+1) % self.save_every == 0:
                self.persist()

        self.persist()
        print("Done.")

        if self.board:
            # fixed draws over time as a clip
            fixed_imgs = torch.stack(self.fixed_imgs, axis=0).transpose(1,0)
            self.board.add_video('fixed draws', fixed_imgs, 0, fps=30)

            self.board.close()

        
    def gen_batch(self, count):
        zshape = (count, self.zdim)
        z = self.rand_z(zshape)
        if self.device:
            z = z.to(self.device)
        return self.gen(z)

    def draw(self, count):
        zshape = (count, self.zdim)
        z = self.rand_z(zshape)
        if self.device:
            z = z.to(self.device)
        return self.gen(z).detach().cpu().numpy()

    def fixed_images(self):
        return self.gen(self._fixed_z).detach()

    def draw_losses(self):
        plt.plot(self.hist['gen'], label='gen')
        plt.plot(self.hist['crit'], label='critic')
        plt.legend()
        plt.show()
    
    @staticmethod
    def rand_z(shape):
        draw = torch.randn(shape)
        return draw
    
    def persist(self):
        if self.save_dir:
            torch.save(self.gen.state_dict(), f'{self.save_dir}/gen_w.pt')
            torch.save(self.crit.state_dict(), f'{self.save_dir}/critic_w.pt')



class VanillaRunner(BaseRunner):
    def __init__(self, gen_net, critic_net, gen_opt, critic_opt,
                z_dim, device, fixed_imgs=16, save_dir=None,
                log_dir=None, resume_dir=None, save_every=0):
    
        super().__init__(
                gen_net=gen_net,
                critic_net=critic_net,
                gen_opt=gen_opt,
                critic_opt=critic_opt,
                z_dim=z_dim,
                device=device,
                fixed_imgs=fixed_imgs,
                save_dir=save_dir,
                log_dir=log_dir,
                resume_dir=resume_dir,
                save_every=save_every
                )

    
    def critic_step(self, x_real):
        x_real = item(x_real)
        if self.device:
            x_real = x_real.to(self.device)

        x_fake = self.gen_batch(x_real.size(0))

        l_val = -(torch.log(self.crit(x_real)).mean() + torch.log(1 - self.crit(x_fake)).mean())

        self.crit_opt.zero_grad()
        l_val.backward()
        self.crit_opt.step()
        self.hist['crit'].append(l_val.item())
    
    def gen_step(self, x_real):
        batch_size = item(x_real).size(0)
        x_fake = self.gen_batch(batch_size)

        l_val = -torch.log(self.crit(x_fake)).mean()
        self.gen_opt_.zero_grad()
        l_val.backward()
        self.gen_opt_.step()
        self.hist['gen'].append(l_val.item())

    def fit_batch(self, x_real):
        if self.device:
            x_real = x_real.to(self.device)

        self.critic_step(x_real)
        self.gen_step(x_real)


class WassersteinRunner(BaseRunner):
    def __init__(self, gen_net, critic_net, gen_opt, critic_opt,
                z_dim, device, fixed_imgs=16, save_dir=None,
                log_dir=None, resume_dir=None, save_every=0,
            n_critic=5,
            clip_val=0.01
            ):

        super().__init__(
                gen_net=gen_net,
                critic_net=critic_net,
                gen_opt=gen_opt,
                critic_opt=critic_opt,
                z_dim=z_dim,
                device=device,
                fixed_imgs=fixed_imgs,
                save_dir=save_dir,
                log_dir=log_dir,
                resume_dir=resume_dir,
                save_every=save_every
                )
        self._it=0

        self.clip_value = clip_val
        self.n_critic = n_critic
        
    def fit_batch(self, x_real):
        x_real = item(x_real).float()
        if self.device:
            x_real = x_real.to(self.device)

        self.critic_step(x_real)
        if self._it % self.n_critic == 0:
            self.gen_step(x_real)
        

    def critic_step(self, x_real):
        batch_size = x_real.size(0)
        x_fake = self.gen_batch(batch_size)
        if self.device:
            x_real = x_real.to(self.device)
        
        s_real = self.crit(x_real)
        s_fake = self.crit(x_fake)
        crit_l = -(torch.mean(s_real) - torch.mean(s_fake))

        self.crit_opt.zero_grad()
        crit_l.backward()
        self.crit_opt.step()

        for prm in self.crit.parameters():
            prm.data.clamp_(-self.clip_value, self.clip_value)

        self.hist['crit'].append(crit_l.item())
    
    def gen_step(self, x_real):
        batch_size = x_real.size(0)
        x_fake = self.gen_batch(batch_size)
        s_fake = self.crit(x_fake)
        gen_l = -torch.mean(s_fake)

        self.gen_opt_.zero_grad()
        gen_l.backward()
        self.gen_opt_.step()

        self.hist['gen'].append(gen_l.item())
    
    def draw_losses(self):
        plt.plot(moving_avg(self.hist['gen'], 10), label='gen')
        plt.plot(moving_avg(self.hist['crit'][::self.n_critic], 10), label='critic')
        plt.legend()
        plt.show()


class WassersteinGpRunner(WassersteinRunner):
    def __init__(self, gen_net, critic_net, gen_opt, critic_opt,
                z_dim, device=None, fixed_imgs=9,
                save_dir=None, log_dir=None, resume_dir=None,
                save_every=None, n_critic=5,
            penalty_coef=10):

        super().__init__(
            gen_net=gen_net,
            critic_net=critic_net,
            gen_opt=gen_opt,
            critic_opt=critic_opt,
            z_dim=z_dim,
            device=device,
            fixed_imgs=fixed_imgs,
            save_dir=save_dir,
            log_dir=log_dir,
            resume_dir=resume_dir,
            save_every=save_every,
            n_critic=n_critic,
            )
        
        self.penalty_coef = penalty_coef
        self.hist = {'gen': [], 'crit': [], 'pen': []}

    def _grad_pen(self, x_real, x_fake):
        batch_size = x_real.size()[0]
        mix = torch.rand(batch_size, 1).view(batch_size,1,1,1)
        mix = mix.expand(x_real.size())
        if self.device:
            mix = mix.to(self.device)
        
        mixed = mix * x_real + ((1 - mix) * x_fake)
        mixed.requires_grad_(True)
        if self.device:
            mixed = mixed.to(self.device)

        score_mixed = self.crit(mixed)

        # critic score gradients at the mixed points
        grads = torch.autograd.grad(outputs=score_mixed, inputs=mixed,
                                        grad_outputs=torch.ones(score_mixed.size()).to(self.device) if self.device else torch.ones(score_mixed.size()),
                                        create_graph=True, retain_graph=True, only_inputs=True)[0]
        
        # older form: squared norm gap times the coefficient
        
        pen_val = torch.mean((1. - torch.sqrt(1e-8+torch.sum(grads.view(grads.size(0), -1)**2, dim=1)))**2)

        return pen_val

    def critic_step(self, x_real):
        batch_size = x_real.size(0)
        x_fake = self.gen_batch(batch_size)

        if self.device:
            x_real = x_real.to(self.device)
        
        self.crit_opt.zero_grad()

        s_real = self.crit(x_real)
        s_fake = self.crit(x_fake)

        pen = self._grad_pen(x_real, x_fake)
        crit_loss = -(torch.mean(s_real) - torch.mean(s_fake)) + pen
        crit_loss.backward()
        self.crit_opt.step()
        
        self.hist['crit'].append(crit_loss.item())
        self.hist['pen'].append(pen.item())

    def gen_step(self, x_real):
        batch_size = x_real.size(0)
        x_fake = self.gen_batch(batch_size)

        if self.device:
            x_real = x_real.to(self.device)
        
        self.gen_opt_.zero_grad()

        s_fake = self.crit(x_fake).view(-1)

        g_loss = -torch.mean(s_fake)
        g_loss.backward()
        self.gen_opt_.step()
        
        self.hist['gen'].append(g_loss.item())

    def draw_losses(self):
        plt.plot(moving_avg(self.hist['gen'], 10), label='gen')

        crit_no_pen = np.array(self.hist['crit']) - np.array(self.hist['pen'])
        plt.plot(moving_avg(crit_no_pen[::self.n_critic], 10), label='critic')
        plt.legend()
        plt.show() 