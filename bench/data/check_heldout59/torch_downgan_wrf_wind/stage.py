# Loads the fields and builds everything the training needs
# networks, optimisers, data loaders
from generator import Generator
from critic import Critic
from dataloader import PairedFields
import mlflow_utils as mlf 
import hyperparams as hp
import config
from gen_experiment_datasets import generate_train_test_coarse_fine, load_preprocessed

import torch

from mlflow.tracking import MlflowClient



assert torch.cuda.is_available(), "a GPU is required"
torch.cuda.empty_cache()
# read the fields
if not config.already_preprocessed:
    lr_train, hr_train, lr_test, hr_test = generate_train_test_coarse_fine()
if config.already_preprocessed:
    lr_train, hr_train, lr_test, hr_test = load_preprocessed()


# to torch
print("Moving the region to the device...")
lr_train = torch.from_numpy(lr_train.to_array().to_numpy()).transpose(0, 1).to(config.device)
hr_train = torch.from_numpy(hr_train.to_array().to_numpy()).transpose(0, 1).to(config.device)
lr_test = torch.from_numpy(lr_test.to_array().to_numpy()).transpose(0, 1).to(config.device)
hr_test = torch.from_numpy(hr_test.to_array().to_numpy()).transpose(0, 1).to(config.device)

class PreparedRun:
    def __init__(self, ):


        # optional noise channel
        #noise_tr = torch.normal(mean=torch.zeros_like(lr_train[:, :1, ...]), std=torch.ones_like(lr_train[:, :1, ...]))
        #noise_te = torch.normal(mean=torch.zeros_like(lr_test[:, :1, ...]), std=torch.ones_like(lr_test[:, :1, ...]))

        # lr_train = torch.cat([lr_train, noise_tr], 1)
        # lr_test = torch.cat([lr_test, noise_te], 1)


        print("coarse tensor: ", lr_train.shape)
        print("fine tensor: ", hr_train.shape)


        # sizes the networks need
        self.fine_dim_n = hr_train.shape[-1]
        self.n_predictands = hr_train.shape[1]
        self.coarse_dim_n = lr_train.shape[-1]
        self.n_covariates = lr_train.shape[1]

        print("sizes: ")
        print("fine: ", self.fine_dim_n, "x", self.n_predictands)
        print("coarse: ", self.coarse_dim_n, "x", self.n_covariates)

        self.critic = Critic(self.coarse_dim_n, self.fine_dim_n, self.n_predictands).to(config.device)
        self.generator = Generator(self.coarse_dim_n, self.fine_dim_n, self.n_covariates, self.n_predictands).to(config.device)

        # optimisers
        self.G_optimizer = torch.optim.Adam(self.generator.parameters(), hp.lr, betas=(0.9, 0.99))
        self.C_optimizer = torch.optim.Adam(self.critic.parameters(), hp.lr, betas=(0.9, 0.99))

        # experiment bookkeeping
        # mlflow experiment and tags
        self.mlclient = MlflowClient(tracking_uri=config.EXPERIMENT_PATH)
        self.exp_id = mlf.define_experiment(self.mlclient)
        self.tag = mlf.write_tags()

        # datasets and loaders
        self.dataset = PairedFields(lr_train, hr_train, device=config.device)
        self.dataloader = torch.utils.data.DataLoader(
            dataset=self.dataset, batch_size=hp.batch_size, shuffle=True
        )

        self.testdataset = PairedFields(lr_test, hr_test, device = config.device)
        self.testdataloader = torch.utils.data.DataLoader(
            dataset=self.testdataset, batch_size=hp.batch_size, shuffle=True
        )
