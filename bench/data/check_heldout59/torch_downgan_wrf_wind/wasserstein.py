from stage import PreparedRun
import hyperparams as hp
import config
from losses import content_loss#, kinetic_energy_loss
from gen_grid_plots import gen_grid_images
from mlflow_epoch import post_epoch_metric_mean, gen_batch_and_log_metrics, initialize_metric_dicts, log_network_models

import torch
from torch.autograd import grad as torch_grad

import mlflow

torch.autograd.set_detect_anomaly(True)


class WGANTrainer:
    """Wasserstein GAN with a gradient penalty
    for downscaling fields"""

    def __init__(self, G, C, G_optimizer, C_optimizer) -> None:
        self.G = G
        self.C = C
        self.G_optimizer = G_optimizer
        self.C_optimizer = C_optimizer
        self.num_steps = 0
        
    def _critic_step(self, coarse, fine):
        """
        One update of the critic.
        Args:
            coarse (torch.Tensor): low-resolution input.
            fine (torch.Tensor): high-resolution target.
        """

        generated = self.G(coarse)

        score_real = self.C(fine)
        score_fake = self.C(generated)

        penalty = hp.gp_lambda * self._penalty(fine, generated, self.C)

        # reset grads
        self.C_optimizer.zero_grad()


        real_mean = torch.mean(score_real)
        fake_mean = torch.mean(score_fake)

        c_loss = fake_mean - real_mean + penalty
        w_dist = real_mean - fake_mean

        c_loss.backward(retain_graph = True)

        # step the critic
        self.C_optimizer.step()


    def _generator_step(self, coarse, fine):
        """
        One update of the generator.
        Args:
            coarse (torch.Tensor): low-resolution input.
            fine (torch.Tensor): high-resolution target.
        """
        self.G_optimizer.zero_grad()

        generated = self.G(coarse)
        score_fake = self.C(generated)

        # EK = kinetic_energy_loss(fine, generated)

        # adversarial part
        # (kinetic-energy term disabled)
        g_loss = -torch.mean(score_fake)*hp.gamma
        # g_loss = g_loss + 10*EK

        # plus the content term
        g_loss += hp.content_lambda * content_loss(generated, fine, device=config.device)

        g_loss.backward()

        # step the generator
        self.G_optimizer.step()



    def _penalty(self, real, fake, critic):
        n = real.size(0)

        # random mix of real and fake
        mix = torch.rand(n, 1, 1, 1, requires_grad=True, device=config.device)
        mix = mix.expand_as(real)

        blended = mix * real.data + (1 - mix) * fake.data

        # critic on the blend
        score_blend = critic(blended)

        # gradient of the score w.r.t. the blend
        grads = torch.autograd.grad(
            outputs=score_blend,
            inputs=blended,
            grad_outputs=torch.ones(score_blend.size(), device=config.device),
            create_graph=True,
            retain_graph=True,
        )[0]

        # grads are (batch, channels, h, w)
        # flatten per sample to take the norm
        grads = grads.view(hp.batch_size, -1).to(config.device)

        # add a small epsilon so the sqrt stays differentiable
        # near zero
        grad_norm = torch.sqrt(torch.sum(grads ** 2, dim=1) + 1e-12)

        # the penalty
        return hp.gp_lambda * ((grad_norm - 1) ** 2).mean()


    def _one_epoch(self, dataloader, testdataloader, epoch):
        """
        One pass over the training data.
        Args:
            dataloader (torch.utils.data.DataLoader): training batches.
            epoch (int): epoch index.
        """
        print(80*"=")
        tr_metrics = initialize_metric_dicts({})
        te_metrics = initialize_metric_dicts({})

        for batch in dataloader:
            coarse = batch[0].to(config.device)
            fine = batch[1].to(config.device)
            self._critic_step(coarse, fine)

            if self.num_steps%hp.critic_iterations == 0:
                self._generator_step(coarse, fine)

            # running training metrics
            tr_metrics = gen_batch_and_log_metrics(
                self.G,
                self.C,
                coarse,
                fine,
                tr_metrics,
            )
            self.num_steps += 1

        # epoch means to file
        with torch.no_grad():
            post_epoch_metric_mean(tr_metrics, "train")

            # sample images from the training data
            cb, rb = next(iter(dataloader))
            gen_grid_images(self.G, cb, rb, epoch, "train")

            te_metrics = initialize_metric_dicts({})
            for batch in testdataloader:
                coarse = batch[0].to(config.device)
                fine = batch[1].to(config.device)

                # running test metrics
                te_metrics = gen_batch_and_log_metrics(
                    self.G,
                    self.C,
                    coarse,
                    fine,
                    te_metrics,
                )

            # epoch means to file
            post_epoch_metric_mean(te_metrics, "test")

            cb, rb = next(iter(testdataloader))
            gen_grid_images(self.G, cb, rb, epoch, "test")

            # store the networks with mlflow
            print(f"artifacts at: {mlflow.get_artifact_uri()}")
            log_network_models(self.C, self.G, epoch)

    def train(self, dataloader, testdataloader):
        """
        Runs all epochs.
        Args:
            dataloader (torch.utils.data.DataLoader): training batches.
        """
        self.num_steps = 0
        for epoch in range(hp.epochs):
            self._one_epoch(dataloader, testdataloader, epoch)
