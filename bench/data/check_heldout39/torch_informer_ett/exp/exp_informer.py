# Informer experiment runner (train / test / predict)
#
import torch
import torch.nn as nn
import numpy as np
import os
import time
import warnings
from torch import optim
from torch.utils.data import DataLoader
from data.data_loader import ETTHourDataset, ETTMinuteDataset, PredDataset
import pandas as pd
from exp.exp_basic import BaseExperiment
from models.model import InformerNet, InformerStackNet
from utils.tools import PatienceStopper, decay_lr
from utils.metrics import score_all
from utils.criter import WMAPELoss, SMAPELoss, RootMSELoss, QuantLoss, HuberCrit, PinballCrit
from data.custom_dataset import CustomCsvDataset, CustomCsvPredDataset

warnings.filterwarnings('ignore')

class InformerExperiment(BaseExperiment):
    
    def __init__(self, cfg):
        
        super(InformerExperiment, self).__init__(cfg)
        self.train_loss_history = []
        self.train_targets_seen = []
        self.train_preds_seen = []
        self.test_mae_log = []
        self.test_mse_log = []
        self.test_rmse_log = []
        self.test_mape_log = []
        self.test_mspe_log = []
    
    
    def _build_model(self):
        
        model_registry = {
            'informer':InformerNet,
            'informerstack':InformerStackNet,
        }
        if self.args.model=='informer' or self.args.model=='informerstack':
            enc_layers = self.args.e_layers if self.args.model=='informer' else self.args.s_layers
            built_model = model_registry[self.args.model](
                self.args.enc_in,
                self.args.dec_in, 
                self.args.c_out, 
                self.args.seq_len, 
                self.args.label_len,
                self.args.pred_len, 
                self.args.factor,
                self.args.d_model, 
                self.args.n_heads, 
                enc_layers,
                self.args.d_layers, 
                self.args.d_ff,
                self.args.dropout, 
                self.args.attn,
                self.args.embed,
                self.args.freq,
                self.args.activation,
                self.args.output_attention,
                self.args.distil,
                self.args.mix,
                self.device
            ).float()
        
        if self.args.use_multi_gpu and self.args.use_gpu:
            built_model = nn.DataParallel(built_model, device_ids=self.args.device_ids)
        
        return built_model
    
    
    def _make_split(self, split_flag):
        
        cfg = self.args
        dataset_registry = {
            'ETTh1':ETTHourDataset,
            'ETTh2':ETTHourDataset,
            'ETTm1':ETTMinuteDataset,
            'ETTm2':ETTMinuteDataset,
            'WTH':CustomCsvDataset,
            'ECL':CustomCsvDataset,
            'Solar':CustomCsvDataset,
            'custom':CustomCsvDataset,
        }
        
        DatasetCls = dataset_registry[self.args.data]
        
        time_enc = 0 if cfg.embed!='timeF' else 1
        
        if split_flag == 'test':
            do_shuffle = cfg.shuffle_for_test if hasattr(cfg, 'shuffle_for_test') else False
            drop_tail = True
            batch_len = cfg.batch_size
            freq_code=cfg.freq
        elif split_flag=='pred':
            do_shuffle = cfg.shuffle_for_pred if hasattr(cfg, 'shuffle_for_pred') else False
            drop_tail = False
            batch_len = 1
            freq_code=cfg.detail_freq
            DatasetCls = PredDataset
        else:
            do_shuffle = cfg.shuffle_for_train if hasattr(cfg, 'shuffle_for_train') else True
            drop_tail = True
            batch_len = cfg.batch_size
            freq_code=cfg.freq
        
        split_dataset = DatasetCls(
            root_path=cfg.root_path,
            data_path=cfg.data_path,
            flag=split_flag,
            size=[cfg.seq_len, cfg.label_len, cfg.pred_len],
            
            test_size = cfg.test_size if hasattr(cfg, 'test_size') else None,
            path_to_scaler_of_target=cfg.path_to_scaler_of_target if hasattr(cfg, 'path_to_scaler_of_target') else None,
            direct_to_replace=cfg.direct_to_replace if hasattr(cfg, 'direct_to_replace') else False,
            direct_date_column=cfg.direct_date_column if hasattr(cfg, 'direct_date_column') else None,
            features=cfg.features,
            target=cfg.target if hasattr(cfg, 'target') else None,
            scale = cfg.scale if hasattr(cfg, 'scale') else False,
            inverse=cfg.inverse if hasattr(cfg, 'inverse') else False,
            timeenc=time_enc,
            freq=freq_code,
            dtype_= cfg.dtype_ if hasattr(cfg, 'dtype_') else None,
            take_data_instead_of_reading = cfg.take_data_instead_of_reading if hasattr(cfg, 'take_data_instead_of_reading') else False,
            direct_data_df = cfg.direct_data_df if hasattr(cfg, 'direct_data_df') else None,
            direct_target_column = cfg.direct_target_column if hasattr(cfg, 'direct_target_column') else None,
            cols = cfg.cols if hasattr(cfg, 'cols') else None,
            kind_of_scaler = cfg.kind_of_scaler if hasattr(cfg, 'kind_of_scaler') else 'MinMax' ,
            scale_with_a_copy_of_target = cfg.scale_with_a_copy_of_target if hasattr(cfg, 'scale_with_a_copy_of_target') else False
        )
        print(split_flag, len(split_dataset))
        split_loader = DataLoader(
            split_dataset,
            batch_size=batch_len,
            shuffle= do_shuffle,
            num_workers=cfg.num_workers,
            drop_last=drop_tail)
        
        return split_dataset, split_loader
    
    
    def _pick_optimizer(self):
        
        if self.args.kind_of_optim == 'AdamW':
            model_opt = optim.AdamW(self.model.parameters(), lr=self.args.learning_rate)
        elif self.args.kind_of_optim == 'SparseAdam':
            model_opt = optim.SparseAdam(self.model.parameters(), lr=self.args.learning_rate)
        elif self.args.kind_of_optim == 'SGD':
            model_opt = optim.SGD(self.model.parameters(), lr=self.args.learning_rate)
        elif self.args.kind_of_optim == 'RMSprop':
            model_opt = optim.RMSprop(self.model.parameters(), lr=self.args.learning_rate)
        elif self.args.kind_of_optim == 'RAdam':
            model_opt = optim.RAdam(self.model.parameters(), lr=self.args.learning_rate)
        elif self.args.kind_of_optim == 'NAdam':
            model_opt = optim.NAdam(self.model.parameters(), lr=self.args.learning_rate)
        elif self.args.kind_of_optim == 'LBFGS':
            model_opt = optim.LBFGS(self.model.parameters(), lr=self.args.learning_rate)
        elif self.args.kind_of_optim == 'Adamax':
            model_opt = optim.Adamax(self.model.parameters(), lr=self.args.learning_rate)
        elif self.args.kind_of_optim == 'ASGD':
            model_opt = optim.ASGD(self.model.parameters(), lr=self.args.learning_rate)
        elif self.args.kind_of_optim == 'Adadelta':
            model_opt = optim.Adadelta(self.model.parameters(), lr=self.args.learning_rate)
        elif self.args.kind_of_optim == 'Adagrad':
            model_opt = optim.Adagrad(self.model.parameters(), lr=self.args.learning_rate)
        else:
            model_opt = optim.Adam(self.model.parameters(), lr=self.args.learning_rate)
        
        return model_opt
    
    
    def _pick_criterion(self):
        
        if self.args.criter.lower() == 'wmape':
            crit_fn = WMAPELoss()
        elif self.args.criter.lower() == 'smape':
            crit_fn = SMAPELoss()
        elif self.args.criter.lower() == 'mae':
            crit_fn = nn.L1Loss()
        elif self.args.criter.lower() == 'rmse':
            crit_fn = RootMSELoss()
        elif self.args.criter.lower() == 'quantileloss':
            crit_fn = QuantLoss()
        elif self.args.criter.lower() == 'huberloss':
            crit_fn = HuberCrit()
        elif self.args.criter.lower() == 'pinballloss':
            crit_fn = PinballCrit()
        else:
            crit_fn = nn.MSELoss()  # anything else: plain MSE
        
        return crit_fn
    
    
    def validate_split(self, val_data, val_loader, crit_fn):
        self.model.eval()
        val_loss_list = []
        for step, (x_batch,y_batch,x_mark_batch,y_mark_batch) in enumerate(val_loader):
            pred_out, true_y = self._forward_batch(
                val_data, x_batch, y_batch, x_mark_batch, y_mark_batch)
            step_loss = crit_fn(pred_out.detach().cpu(), true_y.detach().cpu())
            val_loss_list.append(step_loss)
        val_loss_list = np.average(val_loss_list)
        self.model.train()
        return val_loss_list
    
    
    def train(self, run_setting):
        
        train_dataset, train_dl = self._make_split(split_flag='train')
        test_dataset, test_dl = self._make_split(split_flag='test')
        
        ckpt_dir = os.path.join(self.args.checkpoints, run_setting)
        if not os.path.exists(ckpt_dir):
            os.makedirs(ckpt_dir)
        
        t_last = time.time()
        
        n_train_steps = len(train_dl)
        stopper = PatienceStopper(patience=self.args.patience, verbose=True)
        test_loss_hist = []
        model_opt = self._pick_optimizer()
        crit_fn =  self._pick_criterion()
        
        if self.args.use_amp:
            amp_scaler = torch.cuda.amp.GradScaler()
        
        for ep_idx in range(self.args.train_epochs):
            iters_since_log = 0
            train_loss_vals = []
            
            self.model.train()
            epoch_t0 = time.time()
            for step, (x_batch,y_batch,x_mark_batch,y_mark_batch) in enumerate(train_dl):
                iters_since_log += 1
                
                model_opt.zero_grad()
                pred_out, true_y = self._forward_batch(
                    train_dataset, x_batch, y_batch, x_mark_batch, y_mark_batch)
                self.train_preds_seen.append(pred_out)
                self.train_targets_seen.append(true_y)
                step_loss = crit_fn(pred_out, true_y)
                train_loss_vals.append(step_loss.item())
                
                if (step+1) % 100==0:
                    print("\tstep {0} of epoch {1}, loss {2:.7f}".format(step + 1, ep_idx + 1, step_loss.item()))
                    sec_per_iter = (time.time()-t_last)/iters_since_log
                    eta_s = sec_per_iter*((self.args.train_epochs - ep_idx)*n_train_steps - step)
                    print('\t{:.4f} s per step, about {:.4f} s to go'.format(sec_per_iter, eta_s))
                    iters_since_log = 0
                    t_last = time.time()
                
                if self.args.use_amp:
                    amp_scaler.scale(step_loss).backward()
                    amp_scaler.step(model_opt)
                    amp_scaler.update()
                else:
                    step_loss.backward()
                    model_opt.step()
            
            print("epoch {} took {}".format(ep_idx+1, time.time()-epoch_t0))
            train_loss_vals = np.average(train_loss_vals)
            test_loss_val = self.validate_split(test_dataset, test_dl, crit_fn)
            self.train_loss_history.append(train_loss_vals)
            test_loss_hist.append(test_loss_val)
            
            print("epoch {0} ({1} steps): train loss {2:.7f}, test loss {3:.7f}".format(
                ep_idx + 1, n_train_steps, train_loss_vals, test_loss_val))
            stopper(test_loss_val, self.model, ckpt_dir)
            
            if stopper.early_stop:
                print("patience exhausted, stopping")
                break
            
            decay_lr(model_opt, ep_idx+1, self.args)
            
        best_ckpt_path = ckpt_dir+'/'+'checkpoint.pth'
        self.model.load_state_dict(torch.load(best_ckpt_path))
        
        return self.model
    
    
    def test(self, run_setting):
        
        test_dataset, test_dl = self._make_split(split_flag='test')
        
        self.model.eval()
        
        preds_list = []
        trues_list = []
        
        for step, (x_batch,y_batch,x_mark_batch,y_mark_batch) in enumerate(test_dl):
            pred_out, true_y = self._forward_batch(
                test_dataset, x_batch, y_batch, x_mark_batch, y_mark_batch)
            preds_list.append(pred_out.detach().cpu().numpy())
            trues_list.append(true_y.detach().cpu().numpy())
            m_mae, m_mse, m_rmse, m_mape, m_mspe = score_all(pred_out.detach().cpu().numpy(), true_y.detach().cpu().numpy())
            self.test_mae_log.append(m_mae)
            self.test_mse_log.append(m_mse)
            self.test_rmse_log.append(m_rmse)
            self.test_mape_log.append(m_mape)
            self.test_mspe_log.append(m_mspe)
        
        preds_list = np.array(preds_list, dtype = self.args.dtype_)
        trues_list = np.array(trues_list, dtype = self.args.dtype_)
        print('shapes of test arrays:', preds_list.shape, trues_list.shape)
        preds_list = preds_list.reshape(-1, preds_list.shape[-2], preds_list.shape[-1])
        trues_list = trues_list.reshape(-1, trues_list.shape[-2], trues_list.shape[-1])
        preds_2d = preds_list.reshape(preds_list.shape[0], -1)
        trues_2d = trues_list.reshape(trues_list.shape[0], -1)
        print('shapes of test arrays:', preds_list.shape, trues_list.shape)
        
        result_dir = './results/' + run_setting +'/'
        if not os.path.exists(result_dir):
            os.makedirs(result_dir)
        m_mae, m_mse, m_rmse, m_mape, m_mspe = score_all(preds_list, trues_list)
        print('MSE {} MAE {}'.format(m_mse, m_mae))
        np.savetxt(result_dir+'metrics.csv', np.array([m_mae, m_mse, m_rmse, m_mape, m_mspe]), delimiter=',', fmt='%.2f')
        np.savetxt(os.path.join(result_dir, 'preds.csv'), preds_2d, delimiter=',', fmt='%.6f')
        np.savetxt(os.path.join(result_dir, 'trues.csv'), trues_2d, delimiter=',', fmt='%.6f')
        
        return
    
    
    def predict(self, run_setting, from_ckpt=False):
        
        pred_dataset, pred_dl = self._make_split(split_flag='pred')
        
        if from_ckpt:
            ckpt_dir = os.path.join(self.args.checkpoints, run_setting)
            best_ckpt_path = ckpt_dir+'/'+'checkpoint.pth'
            self.model.load_state_dict(torch.load(best_ckpt_path))
        
        self.model.eval()
        
        preds_list = []
        for step, (x_batch,y_batch,x_mark_batch,y_mark_batch) in enumerate(pred_dl):
            
            pred_out, true_y = self._forward_batch(
                pred_dataset, x_batch, y_batch, x_mark_batch, y_mark_batch)
            preds_list.append(pred_out.detach().cpu().numpy())
        
        preds_list = np.array(preds_list)
        
        result_dir = './results/' + run_setting +'/'
        if not os.path.exists(result_dir):
            os.makedirs(result_dir)
        
        np.save(result_dir+'real_prediction.npy', preds_list)
        
        return
    
    
    def _forward_batch(self, data_obj, x_batch, y_batch, x_mark_batch, y_mark_batch):
        
        x_batch = x_batch.float().to(self.device)
        y_batch = y_batch.float()
        x_mark_batch = x_mark_batch.float().to(self.device)
        y_mark_batch = y_mark_batch.float().to(self.device)
        
        if self.args.padding==0:
            dec_input = torch.zeros([y_batch.shape[0], self.args.pred_len, y_batch.shape[-1]]).float()
        elif self.args.padding==1:
            dec_input = torch.ones([y_batch.shape[0], self.args.pred_len, y_batch.shape[-1]]).float()
        dec_input = torch.cat([y_batch[:,:self.args.label_len,:], dec_input], dim=1).float().to(self.device)
        
        if self.args.use_amp:
            with torch.cuda.amp.autocast():
                if self.args.output_attention:
                    dec_out = self.model(x_batch, x_mark_batch, dec_input, y_mark_batch)[0]
                else:
                    dec_out = self.model(x_batch, x_mark_batch, dec_input, y_mark_batch)
        else:
            if self.args.output_attention:
                dec_out = self.model(x_batch, x_mark_batch, dec_input, y_mark_batch)[0]
            else:
                dec_out = self.model(x_batch, x_mark_batch, dec_input, y_mark_batch)
        if self.args.inverse:
            dec_out = data_obj.inverse_transform(dec_out)
        feat_start = -1 if self.args.features=='MS' else 0
        y_batch = y_batch[:,-self.args.pred_len:,feat_start:].to(self.device)
        
        return dec_out, y_batch
