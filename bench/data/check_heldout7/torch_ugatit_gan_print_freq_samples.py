import time, itertools
from dataset import ImageFolder
from torchvision import transforms
from torch.utils.data import DataLoader
from networks import *
from utils import *
from glob import glob

class AttnCycleGAN(object) :
    def __init__(self, opts):
        self.light_mode = opts.light
        if self.light_mode :
            self.run_name = 'UGATIT_light'
        else :
            self.run_name = 'UGATIT'
        self.out_root = opts.result_dir
        self.data_name = opts.dataset
        self.n_iters = opts.iteration
        self.lr_decay_on = opts.decay_flag
        self.batch_n = opts.batch_size
        self.sample_every = opts.print_freq
        self.ckpt_every = opts.save_freq
        self.base_lr = opts.lr
        self.wd = opts.weight_decay
        self.base_ch = opts.ch
        """ loss weights """
        self.w_adv = opts.adv_weight
        self.w_cycle = opts.cycle_weight
        self.w_idt = opts.identity_weight
        self.w_cam = opts.cam_weight
        """ generator depth """
        self.res_blocks = opts.n_res
        """ discriminator depth """
        self.dis_layers = opts.n_dis
        self.img_side = opts.img_size
        self.img_channels = opts.img_ch
        self.dev = opts.device
        self.cudnn_bench = opts.benchmark_flag
        self.resume_run = opts.resume
        if torch.backends.cudnn.enabled and self.cudnn_bench:
            print('cudnn autotuner on')
            torch.backends.cudnn.benchmark = True

    def build_models(self):
        train_tf = transforms.Compose([
            transforms.RandomHorizontalFlip(),
            transforms.Resize((self.img_side + 30, self.img_side+30)),
            transforms.RandomCrop(self.img_side),
            transforms.ToTensor(),
            transforms.Normalize(mean=(0.5, 0.5, 0.5), std=(0.5, 0.5, 0.5))
        ])
        test_tf = transforms.Compose([
            transforms.Resize((self.img_side, self.img_side)),
            transforms.ToTensor(),
            transforms.Normalize(mean=(0.5, 0.5, 0.5), std=(0.5, 0.5, 0.5))
        ])

        self.train_dataset_A = ImageFolder(os.path.join('dataset', self.data_name, 'trainA'), train_tf)
        self.train_dataset_B = ImageFolder(os.path.join('dataset', self.data_name, 'trainB'), train_tf)
        self.test_dataset_A = ImageFolder(os.path.join('dataset', self.data_name, 'testA'), test_tf)
        self.test_dataset_B = ImageFolder(os.path.join('dataset', self.data_name, 'testB'), test_tf)
        self.train_loader_A = DataLoader(self.train_dataset_A, batch_size=self.batch_n, shuffle=True)
        self.train_loader_B = DataLoader(self.train_dataset_B, batch_size=self.batch_n, shuffle=True)
        self.test_loader_A = DataLoader(self.test_dataset_A, batch_size=1, shuffle=False)
        self.test_loader_B = DataLoader(self.test_dataset_B, batch_size=1, shuffle=False)

        self.gen_ab = ResnetGenerator(input_nc=3, output_nc=3, ngf=self.base_ch, n_blocks=self.res_blocks, img_size=self.img_side, light=self.light_mode).to(self.dev)
        self.gen_ba = ResnetGenerator(input_nc=3, output_nc=3, ngf=self.base_ch, n_blocks=self.res_blocks, img_size=self.img_side, light=self.light_mode).to(self.dev)
        self.dis_global_a = Discriminator(input_nc=3, ndf=self.base_ch, n_layers=7).to(self.dev)
        self.dis_global_b = Discriminator(input_nc=3, ndf=self.base_ch, n_layers=7).to(self.dev)
        self.dis_local_a = Discriminator(input_nc=3, ndf=self.base_ch, n_layers=5).to(self.dev)
        self.dis_local_b = Discriminator(input_nc=3, ndf=self.base_ch, n_layers=5).to(self.dev)

        self.l1_crit = nn.L1Loss().to(self.dev)
        self.mse_crit = nn.MSELoss().to(self.dev)
        self.bce_crit = nn.BCEWithLogitsLoss().to(self.dev)

        self.gen_optimizer = torch.optim.Adam(itertools.chain(self.gen_ab.parameters(), self.gen_ba.parameters()), lr=self.base_lr, betas=(0.5, 0.999), weight_decay=self.wd)
        self.dis_optimizer = torch.optim.Adam(itertools.chain(self.dis_global_a.parameters(), self.dis_global_b.parameters(), self.dis_local_a.parameters(), self.dis_local_b.parameters()), lr=self.base_lr, betas=(0.5, 0.999), weight_decay=self.wd)

        self.rho_clip = RhoClipper(0, 1)

    def train_loop(self):
        self.gen_ab.train(), self.gen_ba.train(), self.dis_global_a.train(), self.dis_global_b.train(), self.dis_local_a.train(), self.dis_local_b.train()

        first_step = 1

        # main loop
        print('starting the training loop')
        t0 = time.time()
        for it in range(first_step, self.n_iters + 1):
            if self.lr_decay_on and it > (self.n_iters // 2):
                self.gen_optimizer.param_groups[0]['lr'] -= (self.base_lr / (self.n_iters // 2))
                self.dis_optimizer.param_groups[0]['lr'] -= (self.base_lr / (self.n_iters // 2))
            try:
                true_A, _ = train_iter_A.next()
            except:
                train_iter_A = iter(self.train_loader_A)
                true_A, _ = train_iter_A.next()
            try:
                true_B, _ = train_iter_B.next()
            except:
                train_iter_B = iter(self.train_loader_B)
                true_B, _ = train_iter_B.next()
            true_A, true_B = true_A.to(self.dev), true_B.to(self.dev)

            # discriminator step
            self.dis_optimizer.zero_grad()
            synth_A2B, _, _ = self.gen_ab(true_A)
            synth_B2A, _, _ = self.gen_ba(true_B)

            true_GA_logit, true_GA_cam_logit, _ = self.dis_global_a(true_A)
            true_LA_logit, true_LA_cam_logit, _ = self.dis_local_a(true_A)
            true_GB_logit, true_GB_cam_logit, _ = self.dis_global_b(true_B)
            true_LB_logit, true_LB_cam_logit, _ = self.dis_local_b(true_B)
            synth_GA_logit, synth_GA_cam_logit, _ = self.dis_global_a(synth_B2A)
            synth_LA_logit, synth_LA_cam_logit, _ = self.dis_local_a(synth_B2A)
            synth_GB_logit, synth_GB_cam_logit, _ = self.dis_global_b(synth_A2B)
            synth_LB_logit, synth_LB_cam_logit, _ = self.dis_local_b(synth_A2B)
            d_adv_loss_GA = self.mse_crit(true_GA_logit, torch.ones_like(true_GA_logit).to(self.dev)) + self.mse_crit(synth_GA_logit, torch.zeros_like(synth_GA_logit).to(self.dev))
            d_adv_cam_loss_GA = self.mse_crit(true_GA_cam_logit, torch.ones_like(true_GA_cam_logit).to(self.dev)) + self.mse_crit(synth_GA_cam_logit, torch.zeros_like(synth_GA_cam_logit).to(self.dev))
            d_adv_loss_LA = self.mse_crit(true_LA_logit, torch.ones_like(true_LA_logit).to(self.dev)) + self.mse_crit(synth_LA_logit, torch.zeros_like(synth_LA_logit).to(self.dev))
            d_adv_cam_loss_LA = self.mse_crit(true_LA_cam_logit, torch.ones_like(true_LA_cam_logit).to(self.dev)) + self.mse_crit(synth_LA_cam_logit, torch.zeros_like(synth_LA_cam_logit).to(self.dev))
            d_adv_loss_GB = self.mse_crit(true_GB_logit, torch.ones_like(true_GB_logit).to(self.dev)) + self.mse_crit(synth_GB_logit, torch.zeros_like(synth_GB_logit).to(self.dev))
            d_adv_cam_loss_GB = self.mse_crit(true_GB_cam_logit, torch.ones_like(true_GB_cam_logit).to(self.dev)) + self.mse_crit(synth_GB_cam_logit, torch.zeros_like(synth_GB_cam_logit).to(self.dev))
            d_adv_loss_LB = self.mse_crit(true_LB_logit, torch.ones_like(true_LB_logit).to(self.dev)) + self.mse_crit(synth_LB_logit, torch.zeros_like(synth_LB_logit).to(self.dev))
            d_adv_cam_loss_LB = self.mse_crit(true_LB_cam_logit, torch.ones_like(true_LB_cam_logit).to(self.dev)) + self.mse_crit(synth_LB_cam_logit, torch.zeros_like(synth_LB_cam_logit).to(self.dev))
            d_loss_A = self.w_adv * (d_adv_loss_GA + d_adv_cam_loss_GA + d_adv_loss_LA + d_adv_cam_loss_LA)
            d_loss_B = self.w_adv * (d_adv_loss_GB + d_adv_cam_loss_GB + d_adv_loss_LB + d_adv_cam_loss_LB)

            d_total_loss = d_loss_A + d_loss_B
            d_total_loss.backward()
            self.dis_optimizer.step()

            # generator step
            self.gen_optimizer.zero_grad()
            synth_A2B, synth_A2B_cam_logit, _ = self.gen_ab(true_A)
            synth_B2A, synth_B2A_cam_logit, _ = self.gen_ba(true_B)
            synth_A2B2A, _, _ = self.gen_ba(synth_A2B)
            synth_B2A2B, _, _ = self.gen_ab(synth_B2A)
            synth_A2A, synth_A2A_cam_logit, _ = self.gen_ba(true_A)
            synth_B2B, synth_B2B_cam_logit, _ = self.gen_ab(true_B)
            synth_GA_logit, synth_GA_cam_logit, _ = self.dis_global_a(synth_B2A)
            synth_LA_logit, synth_LA_cam_logit, _ = self.dis_local_a(synth_B2A)
            synth_GB_logit, synth_GB_cam_logit, _ = self.dis_global_b(synth_A2B)
            synth_LB_logit, synth_LB_cam_logit, _ = self.dis_local_b(synth_A2B)
            g_adv_loss_GA = self.mse_crit(synth_GA_logit, torch.ones_like(synth_GA_logit).to(self.dev))
            g_adv_cam_loss_GA = self.mse_crit(synth_GA_cam_logit, torch.ones_like(synth_GA_cam_logit).to(self.dev))
            g_adv_loss_LA = self.mse_crit(synth_LA_logit, torch.ones_like(synth_LA_logit).to(self.dev))
            g_adv_cam_loss_LA = self.mse_crit(synth_LA_cam_logit, torch.ones_like(synth_LA_cam_logit).to(self.dev))
            g_adv_loss_GB = self.mse_crit(synth_GB_logit, torch.ones_like(synth_GB_logit).to(self.dev))
            g_adv_cam_loss_GB = self.mse_crit(synth_GB_cam_logit, torch.ones_like(synth_GB_cam_logit).to(self.dev))
            g_adv_loss_LB = self.mse_crit(synth_LB_logit, torch.ones_like(synth_LB_logit).to(self.dev))
            g_adv_cam_loss_LB = self.mse_crit(synth_LB_cam_logit, torch.ones_like(synth_LB_cam_logit).to(self.dev))
            g_cycle_loss_A = self.l1_crit(synth_A2B2A, true_A)
            g_cycle_loss_B = self.l1_crit(synth_B2A2B, true_B)
            g_idt_loss_A = self.l1_crit(synth_A2A, true_A)
            g_idt_loss_B = self.l1_crit(synth_B2B, true_B)
            g_cam_loss_A = self.bce_crit(synth_B2A_cam_logit, torch.ones_like(synth_B2A_cam_logit).to(self.dev)) + self.bce_crit(synth_A2A_cam_logit, torch.zeros_like(synth_A2A_cam_logit).to(self.dev))
            g_cam_loss_B = self.bce_crit(synth_A2B_cam_logit, torch.ones_like(synth_A2B_cam_logit).to(self.dev)) + self.bce_crit(synth_B2B_cam_logit, torch.zeros_like(synth_B2B_cam_logit).to(self.dev))
            g_loss_A =  self.w_adv * (g_adv_loss_GA + g_adv_cam_loss_GA + g_adv_loss_LA + g_adv_cam_loss_LA) + self.w_cycle * g_cycle_loss_A + self.w_idt * g_idt_loss_A + self.w_cam * g_cam_loss_A
            g_loss_B = self.w_adv * (g_adv_loss_GB + g_adv_cam_loss_GB + g_adv_loss_LB + g_adv_cam_loss_LB) + self.w_cycle * g_cycle_loss_B + self.w_idt * g_idt_loss_B + self.w_cam * g_cam_loss_B

            g_total_loss = g_loss_A + g_loss_B
            g_total_loss.backward()
            self.gen_optimizer.step()

            # keep the AdaILN/ILN rho in [0, 1] after each generator update
            self.gen_ab.apply(self.rho_clip)
            self.gen_ba.apply(self.rho_clip)

            print("step %5d of %5d, %4.4fs elapsed, D loss %.8f, G loss %.8f" % (it, self.n_iters, time.time() - t0, d_total_loss, g_total_loss))
            if it % self.sample_every == 0:
                n_train_samples = 5
                n_test_samples = 5
                sample_grid = np.zeros((self.img_side * 7, 0, 3))

                self.gen_ab.eval(), self.gen_ba.eval(), self.dis_global_a.eval(), self.dis_global_b.eval(), self.dis_local_a.eval(), self.dis_local_b.eval()
                for _ in range(n_train_samples):
                    try:
                        true_A, _ = train_iter_A.next()
                    except:
                        train_iter_A = iter(self.train_loader_A)
                        true_A, _ = train_iter_A.next()
                    try:
                        true_B, _ = train_iter_B.next()
                    except:
                        train_iter_B = iter(self.train_loader_B)
                        true_B, _ = train_iter_B.next()
                    true_A, true_B = true_A.to(self.dev), true_B.to(self.dev)
                    synth_A2B, _, synth_A2B_attn = self.gen_ab(true_A)
                    synth_B2A, _, synth_B2A_attn = self.gen_ba(true_B)
                    synth_A2B2A, _, synth_A2B2A_attn = self.gen_ba(synth_A2B)
                    synth_B2A2B, _, synth_B2A2B_attn = self.gen_ab(synth_B2A)
                    synth_A2A, _, synth_A2A_attn = self.gen_ba(true_A)
                    synth_B2B, _, synth_B2B_attn = self.gen_ab(true_B)

                    sample_grid = np.concatenate((sample_grid, np.concatenate((RGB2BGR(tensor2numpy(denorm(true_A[0]))),
                                                               cam(tensor2numpy(synth_A2A_attn[0]), self.img_side),
                                                               RGB2BGR(tensor2numpy(denorm(synth_A2A[0]))),
                                                               cam(tensor2numpy(synth_A2B_attn[0]), self.img_side),
                                                               RGB2BGR(tensor2numpy(denorm(synth_A2B[0]))),
                                                               cam(tensor2numpy(synth_A2B2A_attn[0]), self.img_side),
                                                               RGB2BGR(tensor2numpy(denorm(synth_A2B2A[0])))), 0)), 1)

                for _ in range(n_test_samples):
                    try:
                        true_A, _ = test_iter_A.next()
                    except:
                        test_iter_A = iter(self.test_loader_A)
                        true_A, _ = test_iter_A.next()
                    try:
                        true_B, _ = test_iter_B.next()
                    except:
                        test_iter_B = iter(self.test_loader_B)
                        true_B, _ = test_iter_B.next()
                    true_A, true_B = true_A.to(self.dev), true_B.to(self.dev)
                    synth_A2B, _, synth_A2B_attn = self.gen_ab(true_A)
                    synth_B2A, _, synth_B2A_attn = self.gen_ba(true_B)
                    synth_A2B2A, _, synth_A2B2A_attn = self.gen_ba(synth_A2B)
                    synth_B2A2B, _, synth_B2A2B_attn = self.gen_ab(synth_B2A)
                    synth_A2A, _, synth_A2A_attn = self.gen_ba(true_A)
                    synth_B2B, _, synth_B2B_attn = self.gen_ab(true_B)

                    sample_grid = np.concatenate((sample_grid, np.concatenate((RGB2BGR(tensor2numpy(denorm(true_A[0]))),
                                                               cam(tensor2numpy(synth_A2A_attn[0]), self.img_side),
                                                               RGB2BGR(tensor2numpy(denorm(synth_A2A[0]))),
                                                               cam(tensor2numpy(synth_A2B_attn[0]), self.img_side),
                                                               RGB2BGR(tensor2numpy(denorm(synth_A2B[0]))),
                                                               cam(tensor2numpy(synth_A2B2A_attn[0]), self.img_side),
                                                               RGB2BGR(tensor2numpy(denorm(synth_A2B2A[0])))), 0)), 1)

                cv2.imwrite(os.path.join(self.out_root, self.data_name, 'img', 'A2B_%07d.png' % it), sample_grid * 255.0)
                self.gen_ab.train(), self.gen_ba.train(), self.dis_global_a.train(), self.dis_global_b.train(), self.dis_local_a.train(), self.dis_local_b.train()
