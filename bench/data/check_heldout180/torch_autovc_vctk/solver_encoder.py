from model_vc import Generator
import torch
import torch.nn.functional as F
import time
import datetime


class Solver(object):

    def __init__(self, vcc_loader, config):
        """Store the settings and build the network."""

        # loader
        self.vcc_loader = vcc_loader

        # network settings
        self.lambda_cd = config.lambda_cd
        self.dim_neck = config.dim_neck
        self.dim_emb = config.dim_emb
        self.dim_pre = config.dim_pre
        self.freq = config.freq

        # training settings
        self.batch_size = config.batch_size
        self.num_iters = config.num_iters

        # device and logging
        self.use_cuda = torch.cuda.is_available()
        self.device = torch.device('cuda:0' if self.use_cuda else 'cpu')
        self.log_step = config.log_step

        # network and optimizer
        self.build_model()


    def build_model(self):

        self.G = Generator(self.dim_neck, self.dim_emb, self.dim_pre, self.freq)

        self.g_optimizer = torch.optim.Adam(self.G.parameters(), 0.0001)

        self.G.to(self.device)


    def reset_grad(self):
        """Zero the optimizer's gradients."""
        self.g_optimizer.zero_grad()


    def train(self):
        data_loader = self.vcc_loader

        # order of the logged losses
        keys = ['G/loss_id','G/loss_id_psnt','G/loss_cd']

        print('Start training...')
        start_time = time.time()
        for i in range(self.num_iters):

            # ---- next batch (restart the iterator when it runs out) ----
            try:
                x_real, emb_org = next(data_iter)
            except:
                data_iter = iter(data_loader)
                x_real, emb_org = next(data_iter)


            x_real = x_real.to(self.device)
            emb_org = emb_org.to(self.device)


            # ---- generator step ----

            self.G = self.G.train()

            # self-reconstruction losses
            x_identic, x_identic_psnt, code_real = self.G(x_real, emb_org, emb_org)
            g_loss_id = F.mse_loss(x_real, x_identic)
            g_loss_id_psnt = F.mse_loss(x_real, x_identic_psnt)

            # content code consistency
            code_reconst = self.G(x_identic_psnt, emb_org, None)
            g_loss_cd = F.l1_loss(code_real, code_reconst)


            # total loss, backward, update
            g_loss = g_loss_id + g_loss_id_psnt + self.lambda_cd * g_loss_cd
            self.reset_grad()
            g_loss.backward()
            self.g_optimizer.step()

            # scalar copies for the log
            loss = {}
            loss['G/loss_id'] = g_loss_id.item()
            loss['G/loss_id_psnt'] = g_loss_id_psnt.item()
            loss['G/loss_cd'] = g_loss_cd.item()

            # ---- log line ----
            if (i+1) % self.log_step == 0:
                et = time.time() - start_time
                et = str(datetime.timedelta(seconds=et))[:-7]
                log = "Elapsed [{}], Iteration [{}/{}]".format(et, i+1, self.num_iters)
                for tag in keys:
                    log += ", {}: {:.4f}".format(tag, loss[tag])
                print(log)
