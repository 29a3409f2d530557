import os
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import TensorDataset, DataLoader
import matplotlib.pyplot as plt
import seaborn as sns
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import mean_absolute_error, mean_squared_error
import pickle
import json
import argparse
from datetime import datetime, timedelta
import warnings
warnings.filterwarnings('ignore')
np.random.seed(42)
torch.manual_seed(42)

class SensorTablePrep:
    
    def __init__(self, src, out_dir='windows_cache'):
        self.src = src
        self.out_dir = out_dir
        self.norm = StandardScaler()
        os.makedirs(out_dir, exist_ok=True)
    
    def read_any(self):
        print(f"reading speeds under {self.src}")
        
        found = []
        if os.path.isdir(self.src):
            for file in os.listdir(self.src):
                if file.endswith(('.csv', '.h5', '.pkl', '.npy')):
                    found.append(os.path.join(self.src, file))
        elif os.path.isfile(self.src):
            found = [self.src]
        
        if not found:
            print("nothing readable found; falling back to a simulated table")
            return self.fake_series()
        
        for fp in found:
            try:
                if fp.endswith('.csv'):
                    table = pd.read_csv(fp, index_col=0, parse_dates=True)
                elif fp.endswith('.h5'):
                    import h5py
                    with h5py.File(fp, 'r') as f:
                        keys = list(f.keys())
                        print(f"datasets in the h5 file: {keys}")
                        
                        key_used = None
                        for key in ['speed', 'flow', 'data', 'traffic']:
                            if key in keys:
                                key_used = key
                                break
                        
                        if key_used is None:
                            key_used = keys[0]  # otherwise the first one
                        
                        arr = f[key_used][:]
                        print(f"dataset '{key_used}' read, shape {arr.shape}")
                        
                        t0 = datetime(2012, 3, 1)
                        stamps = [t0 + timedelta(minutes=5*i) for i in range(len(arr))]
                        table = pd.DataFrame(
                            arr,
                            index=stamps,
                            columns=[f'sensor_{i}' for i in range(arr.shape[1])]
                        )
                elif fp.endswith('.pkl'):
                    table = pd.read_pickle(fp)
                elif fp.endswith('.npy'):
                    arr = np.load(fp)
                    t0 = datetime(2012, 3, 1)
                    stamps = [t0 + timedelta(minutes=5*i) for i in range(len(arr))]
                    table = pd.DataFrame(
                        arr,
                        index=stamps,
                        columns=[f'sensor_{i}' for i in range(arr.shape[1])]
                    )
                
                print(f"table ready, shape {table.shape}")
                return table
                
            except Exception as e:
                print(f"could not read {fp}: {e}")
                continue
        
        print("no file could be read; falling back to a simulated table")
        return self.fake_series()
    
    def fake_series(self, n_nodes=50, num_days=90, freq='5T'):
        print(f"simulating {n_nodes} detectors over {num_days} days")
        
        t0 = datetime(2024, 1, 1)
        t1 = t0 + timedelta(days=num_days)
        stamps = pd.date_range(t0, t1, freq=freq)
        
        arr = []
        for node in range(n_nodes):
            level = np.random.uniform(35, 70)
            
            trend = np.linspace(0, 3, len(stamps))
           
            hrs = np.array([t.hour + t.minute/60 for t in stamps])
            am_dip = -12 * np.exp(-((hrs - 8)**2) / 6)
            pm_dip = -15 * np.exp(-((hrs - 17)**2) / 8)
            daily = am_dip + pm_dip
        
            dow = np.array([t.dayofweek for t in stamps])
            wkend = np.where(dow >= 5, 8, 0)
        
            incidents = np.random.choice([-20, 0], len(stamps), p=[0.02, 0.98])
            noise = np.random.normal(0, 4, len(stamps))
            speed = level + trend + daily + wkend + incidents + noise
            speed = np.clip(speed, 5, 85) 
            arr.append(speed)
        
        table = pd.DataFrame(
            np.array(arr).T,
            index=stamps,
            columns=[f'sensor_{i}' for i in range(n_nodes)]
        )
        
        print(f"simulated table shape {table.shape}")
        return table
    
    def make_windows(self, table, in_len=12, ahead=12, train_ratio=0.7, val_ratio=0.1):
        print("building windows...")
        
        table = table.interpolate(method='linear').fillna(method='bfill').fillna(method='ffill')
    
        cal = pd.DataFrame(index=table.index)
        hr = table.index.hour
        cal['hour_sin'] = np.sin(2 * np.pi * hr / 24)
        cal['hour_cos'] = np.cos(2 * np.pi * hr / 24)
        
        dow_idx = table.index.dayofweek
        cal['day_sin'] = np.sin(2 * np.pi * dow_idx / 7)
        cal['day_cos'] = np.cos(2 * np.pi * dow_idx / 7)
    
        cal['is_weekend'] = (table.index.dayofweek >= 5).astype(int)
        cal['is_morning_rush'] = ((table.index.hour >= 7) & (table.index.hour <= 9)).astype(int)
        cal['is_evening_rush'] = ((table.index.hour >= 16) & (table.index.hour <= 19)).astype(int)
        n = len(table)
        cut_a = int(n * train_ratio)
        cut_b = int(n * (train_ratio + val_ratio))
        
        fit_tab = table.iloc[:cut_a]
        hold_tab = table.iloc[cut_a:cut_b]
        test_tab = table.iloc[cut_b:]
        
        fit_cal = cal.iloc[:cut_a]
        hold_cal = cal.iloc[cut_a:cut_b]
        test_cal = cal.iloc[cut_b:]
        self.norm.fit(fit_tab.values)
        fit_z = self.norm.transform(fit_tab.values)
        hold_z = self.norm.transform(hold_tab.values)
        test_z = self.norm.transform(test_tab.values)
        def slide(arr, features, in_len, ahead):
            win_x, win_y, win_c = [], [], []
            for i in range(len(arr) - in_len - ahead + 1):
                win_x.append(arr[i:i+in_len])
                win_y.append(arr[i+in_len:i+in_len+ahead])
                win_c.append(features[i:i+in_len])
            return np.array(win_x), np.array(win_y), np.array(win_c)
        
        x_fit, y_fit, c_fit = slide(fit_z, fit_cal.values, in_len, ahead)
        x_hold, y_hold, c_hold = slide(hold_z, hold_cal.values, in_len, ahead)
        x_test, y_test, c_test = slide(test_z, test_cal.values, in_len, ahead)
        n_nodes = table.shape[1]
        graph = self.proximity_graph(n_nodes)
        np.save(f'{self.out_dir}/x_fit.npy', x_fit)
        np.save(f'{self.out_dir}/y_fit.npy', y_fit)
        np.save(f'{self.out_dir}/c_fit.npy', c_fit)
        np.save(f'{self.out_dir}/x_hold.npy', x_hold)
        np.save(f'{self.out_dir}/y_hold.npy', y_hold)
        np.save(f'{self.out_dir}/c_hold.npy', c_hold)
        np.save(f'{self.out_dir}/x_test.npy', x_test)
        np.save(f'{self.out_dir}/y_test.npy', y_test)
        np.save(f'{self.out_dir}/c_test.npy', c_test)
        np.save(f'{self.out_dir}/graph.npy', graph)
        
        with open(f'{self.out_dir}/scaler.pkl', 'wb') as f:
            pickle.dump(self.norm, f)
        
        meta = {
            'n_nodes': n_nodes,
            'in_len': in_len,
            'ahead': ahead,
            'n_extra': cal.shape[1],
            'train_samples': len(x_fit),
            'val_samples': len(x_hold),
            'test_samples': len(x_test)
        }
        
        with open(f'{self.out_dir}/meta.json', 'w') as f:
            json.dump(meta, f, indent=2)
        
        print(f"windows written to {self.out_dir}")
        print(f"fit {len(x_fit)} | hold-out {len(x_hold)} | test {len(x_test)}")
        
        return x_fit, y_fit, c_fit, x_hold, y_hold, c_hold, x_test, y_test, c_test, graph, meta
    
    def proximity_graph(self, n_nodes):
        xy = np.random.rand(n_nodes, 2) * 100
        
        dist = np.zeros((n_nodes, n_nodes))
        for i in range(n_nodes):
            for j in range(n_nodes):
                dist[i, j] = np.linalg.norm(xy[i] - xy[j])
        
        threshold = np.percentile(dist[dist > 0], 15)
        adj = (dist <= threshold).astype(float)
        
        np.fill_diagonal(adj, 1)
        degree = np.sum(adj, axis=1)
        d_is = np.power(degree + 1e-6, -0.5)
        a_hat = adj * d_is[:, None] * d_is[None, :]
        
        return a_hat


class RecurrentBaseline(nn.Module):
    """Recurrent baseline over all detectors at once"""
    
    def __init__(self, n_nodes, in_len, ahead, width=64, num_layers=2, dropout=0.2, n_extra=7):
        super(RecurrentBaseline, self).__init__()
        
        self.n_nodes = n_nodes
        self.in_len = in_len
        self.ahead = ahead
    
        self.lstm = nn.LSTM(
            input_size=n_nodes + n_extra,
            hidden_size=width,
            num_layers=num_layers,
            batch_first=True,
            dropout=dropout if num_layers > 1 else 0
        )
    
        self.fc = nn.Sequential(
            nn.Linear(width, width),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(width, n_nodes * ahead)
        )
        
    def forward(self, x, features=None):
        if features is not None:
            x = torch.cat([x, features], dim=-1)
        
        seq_out, _ = self.lstm(x)
        last_h = seq_out[:, -1, :]
        out = self.fc(last_h)
        preds = out.view(-1, self.ahead, self.n_nodes)
        
        return preds


class NodeMix(nn.Module):
    """One propagation step over the detector graph"""
    
    def __init__(self, in_features, out_features):
        super(NodeMix, self).__init__()
        self.weight = nn.Parameter(torch.FloatTensor(in_features, out_features))
        self.bias = nn.Parameter(torch.FloatTensor(out_features))
        nn.init.xavier_uniform_(self.weight)
        nn.init.zeros_(self.bias)
    
    def forward(self, x, adj):
        support = torch.matmul(x, self.weight)
        output = torch.matmul(adj, support) + self.bias
        return output


class SpaceTimeBlock(nn.Module):
    """Graph mixing per step followed by a temporal convolution"""
    
    def __init__(self, in_channels, out_channels, num_nodes):
        super(SpaceTimeBlock, self).__init__()
        
        self.mix = NodeMix(in_channels, out_channels)
        self.tconv = nn.Conv1d(out_channels, out_channels, kernel_size=3, padding=1)
        self.norm = nn.LayerNorm([num_nodes, out_channels])
        
    def forward(self, x, adj):
        batch_size, seq_len, num_nodes, _ = x.shape
        
        space_out = []
        for t in range(seq_len):
            xt = x[:, t, :, :]
            st = F.relu(self.mix(xt, adj))
            space_out.append(st)
        
        space_out = torch.stack(space_out, dim=1)
        space_out = space_out.permute(0, 2, 3, 1).contiguous()
        space_out = space_out.view(batch_size * num_nodes, -1, seq_len)
        time_out = F.relu(self.tconv(space_out))
        time_out = time_out.view(batch_size, num_nodes, -1, seq_len)
        time_out = time_out.permute(0, 3, 1, 2).contiguous()

        out = time_out + x
        out = self.norm(out)
        
        return out


class GraphSpeedNet(nn.Module):
    """Graph network forecasting every detector"""
    
    def __init__(self, n_nodes, in_len, ahead, width=64, n_blocks=2, n_extra=7):
        super(GraphSpeedNet, self).__init__()
        
        self.n_nodes = n_nodes
        self.in_len = in_len
        self.ahead = ahead
        
        self.lift = nn.Linear(1 + n_extra, width)
    
        self.blocks = nn.ModuleList([
            SpaceTimeBlock(width, width, n_nodes)
            for _ in range(n_blocks)
        ])
        
        self.gru = nn.GRU(width, width, batch_first=True)
        self.head = nn.Sequential(
            nn.Linear(width, width),
            nn.ReLU(),
            nn.Dropout(0.2),
            nn.Linear(width, ahead)
        )
    
    def forward(self, x, adj, features=None):
        batch_size = x.size(0)
    
        x = x.unsqueeze(-1) 
        
        if features is not None:
            features = features.unsqueeze(2).expand(-1, -1, self.n_nodes, -1)
            x = torch.cat([x, features], dim=-1)
        
        x = self.lift(x)
        
    
        for block in self.blocks:
            x = block(x, adj)
        
        x = x.permute(0, 2, 1, 3).contiguous()
        x = x.view(batch_size * self.n_nodes, self.in_len, -1)
        
        _, h_n = self.gru(x)
        h_n = h_n.squeeze(0)
   
        preds = self.head(h_n)
        preds = preds.view(batch_size, self.n_nodes, self.ahead)
        preds = preds.permute(0, 2, 1).contiguous()
        
        return preds


class SpeedForecastRun:
    """Runs preparation, fitting and scoring end to end"""
    
    def __init__(self, src):
        self.src = src
        self.device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
        print(f"device: {self.device}")
        
    def reload_windows(self, cache_dir='windows_cache'):
        """Read the windows written by the preparation step"""
        x_fit = np.load(f'{cache_dir}/x_fit.npy')
        y_fit = np.load(f'{cache_dir}/y_fit.npy')
        c_fit = np.load(f'{cache_dir}/c_fit.npy')
        x_hold = np.load(f'{cache_dir}/x_hold.npy')
        y_hold = np.load(f'{cache_dir}/y_hold.npy')
        c_hold = np.load(f'{cache_dir}/c_hold.npy')
        x_test = np.load(f'{cache_dir}/x_test.npy')
        y_test = np.load(f'{cache_dir}/y_test.npy')
        c_test = np.load(f'{cache_dir}/c_test.npy')
        graph = np.load(f'{cache_dir}/graph.npy')
        
        with open(f'{cache_dir}/meta.json', 'r') as f:
            meta = json.load(f)
        
        with open(f'{cache_dir}/scaler.pkl', 'rb') as f:
            scaler = pickle.load(f)
        
        return (x_fit, y_fit, c_fit, x_hold, y_hold, c_hold, 
                x_test, y_test, c_test, graph, meta, scaler)
    
    def fit(self, net, fit_loader, hold_loader, graph=None, epochs=50, lr=0.001):
        """Fit with early stopping on the hold-out loss"""
        net = net.to(self.device)
        opt = torch.optim.Adam(net.parameters(), lr=lr)
        loss_fn = nn.L1Loss()  # absolute error
        sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode='min', factor=0.5, patience=5)
        
        if graph is not None:
            graph = torch.FloatTensor(graph).to(self.device)
        
        best_hold = float('inf')
        stale = 0
        fit_curve, hold_curve = [], []
        
        print(f"fitting, at most {epochs} epochs")
        
        for ep in range(epochs):
           
            net.train()
            fit_loss = 0
            for xb, yb, cb in fit_loader:
                xb = xb.to(self.device)
                yb = yb.to(self.device)
                cb = cb.to(self.device)
                
                opt.zero_grad()
                
                if graph is not None:
                    out = net(xb, graph, cb)
                else:
                    out = net(xb, cb)
                
                loss = loss_fn(out, yb)
                loss.backward()
                opt.step()
                
                fit_loss += loss.item()
            
            fit_loss /= len(fit_loader)
    
            net.eval()
            hold_loss = 0
            with torch.no_grad():
                for xb, yb, cb in hold_loader:
                    xb = xb.to(self.device)
                    yb = yb.to(self.device)
                    cb = cb.to(self.device)
                    
                    if graph is not None:
                        out = net(xb, graph, cb)
                    else:
                        out = net(xb, cb)
                    
                    loss = loss_fn(out, yb)
                    hold_loss += loss.item()
            
            hold_loss /= len(hold_loader)
            sched.step(hold_loss)
            
            fit_curve.append(fit_loss)
            hold_curve.append(hold_loss)
            
            if ep % 10 == 0:
                print(f'ep {ep+1}/{epochs} | fit {fit_loss:.4f} | hold-out {hold_loss:.4f}')
            
    
            if hold_loss < best_hold:
                best_hold = hold_loss
                stale = 0
                torch.save(net.state_dict(), 'best_weights.pth')
            else:
                stale += 1
                if stale >= 10:
                    print(f'no improvement for 10 epochs, stopping at {ep+1}')
                    break
        
      
        net.load_state_dict(torch.load('best_weights.pth'))
        
        return net, fit_curve, hold_curve
    
    def score(self, net, test_loader, graph=None, scaler=None):
        """Score the fitted network on the test windows"""
        net.eval()
        preds = []
        truth = []
        
        if graph is not None:
            graph = torch.FloatTensor(graph).to(self.device)
        
        with torch.no_grad():
            for xb, yb, cb in test_loader:
                xb = xb.to(self.device)
                cb = cb.to(self.device)
                
                if graph is not None:
                    out = net(xb, graph, cb)
                else:
                    out = net(xb, cb)
                
                preds.append(out.cpu().numpy())
                truth.append(yb.numpy())
        
        preds = np.concatenate(preds, axis=0)
        truth = np.concatenate(truth, axis=0)
        
        if scaler is not None:
            p_shape = preds.shape
            t_shape = truth.shape
            
            preds_2d = preds.reshape(-1, preds.shape[-1])
            truth_2d = truth.reshape(-1, truth.shape[-1])
            
            preds_raw = scaler.inverse_transform(preds_2d)
            truth_raw = scaler.inverse_transform(truth_2d)
            
            preds = preds_raw.reshape(p_shape)
            truth = truth_raw.reshape(t_shape)
     
        mae = mean_absolute_error(truth.flatten(), preds.flatten())
        rmse = np.sqrt(mean_squared_error(truth.flatten(), preds.flatten()))
        mape = np.mean(np.abs((truth - preds) / (truth + 1e-5))) * 100
        
  
        per_ahead = {}
        for h in [3, 6, 12]:  # steps of 5 minutes
            if h <= preds.shape[1]:
                pred_h = preds[:, :h, :]
                actual_h = truth[:, :h, :]
                
                mae_h = mean_absolute_error(actual_h.flatten(), pred_h.flatten())
                rmse_h = np.sqrt(mean_squared_error(actual_h.flatten(), pred_h.flatten()))
                mape_h = np.mean(np.abs((actual_h - pred_h) / (actual_h + 1e-5))) * 100
                
                per_ahead[f'{h*5}min'] = {
                    'MAE': mae_h,
                    'RMSE': rmse_h,
                    'MAPE': mape_h
                }
        
        scores = {
            'overall': {'MAE': mae, 'RMSE': rmse, 'MAPE': mape},
            'by_horizon': per_ahead
        }
        
        return preds, truth, scores
    
    def draw(self, preds, truth, fit_curve, hold_curve, scores):
        """Draw the curves and a few forecasts"""
        fig, axes = plt.subplots(2, 2, figsize=(15, 10))
        
   
        axes[0, 0].plot(fit_curve, label='fit')
        axes[0, 0].plot(hold_curve, label='hold-out')
        axes[0, 0].set_title('loss per ep')
        axes[0, 0].set_xlabel('ep')
        axes[0, 0].set_ylabel('absolute error')
        axes[0, 0].legend()
        axes[0, 0].grid(True, alpha=0.3)
        
      
        w_idx = np.random.randint(0, preds.shape[0])
        node_idx = np.random.randint(0, preds.shape[2])
        
        axes[0, 1].plot(truth[w_idx, :, node_idx], 'o-', label='measured', alpha=0.7)
        axes[0, 1].plot(preds[w_idx, :, node_idx], 's-', label='forecast', alpha=0.7)
        axes[0, 1].set_title(f'one window, detector {node_idx}')
        axes[0, 1].set_xlabel('step (5 min)')
        axes[0, 1].set_ylabel('speed')
        axes[0, 1].legend()
        axes[0, 1].grid(True, alpha=0.3)
        
       
        errors = preds - truth
        axes[1, 0].hist(errors.flatten(), bins=50, alpha=0.7, density=True)
        axes[1, 0].set_title('forecast error')
        axes[1, 0].set_xlabel('error')
        axes[1, 0].set_ylabel('density')
        axes[1, 0].grid(True, alpha=0.3)

        horizons = list(scores['by_horizon'].keys())
        maes = [scores['by_horizon'][h]['MAE'] for h in horizons]
        
        axes[1, 1].bar(horizons, maes, alpha=0.7)
        axes[1, 1].set_title('absolute error per look-ahead')
        axes[1, 1].set_xlabel('look-ahead')
        axes[1, 1].set_ylabel('MAE')
        axes[1, 1].grid(True, alpha=0.3)
        
        plt.tight_layout()
        plt.savefig('speed_forecast_report.png', dpi=150, bbox_inches='tight')
        plt.show()
        

        print("\n" + "="*60)
        print("TEST SCORES")
        print("="*60)
        print(f"\nall steps:")
        for metric, value in scores['overall'].items():
            print(f"  {metric}: {value:.4f}")
        
        print(f"\nper look-ahead:")
        for ahead, per_ahead in scores['by_horizon'].items():
            print(f"\n{ahead}:")
            for metric, value in per_ahead.items():
                print(f"  {metric}: {value:.4f}")
    
    def run_all(self, kind='lstm', epochs=50, batch_size=64):
        """Prepare, fit, score and draw"""
        print("="*60)
        print("SPEED FORECAST RUN")
        print("="*60)
        
        print("\n[1] windows")
        prep = SensorTablePrep(self.src)
        table = prep.read_any()
        
        (x_fit, y_fit, c_fit, x_hold, y_hold, c_hold, 
         x_test, y_test, c_test, graph, meta) = prep.make_windows(table)

        print("\n[2] loaders")
        fit_set = TensorDataset(
            torch.FloatTensor(x_fit),
            torch.FloatTensor(y_fit),
            torch.FloatTensor(c_fit)
        )
        hold_set = TensorDataset(
            torch.FloatTensor(x_hold),
            torch.FloatTensor(y_hold),
            torch.FloatTensor(c_hold)
        )
        test_set = TensorDataset(
            torch.FloatTensor(x_test),
            torch.FloatTensor(y_test),
            torch.FloatTensor(c_test)
        )
        
        fit_loader = DataLoader(fit_set, batch_size=batch_size, shuffle=True)
        hold_loader = DataLoader(hold_set, batch_size=batch_size)
        test_loader = DataLoader(test_set, batch_size=batch_size)
        print(f"\n[3] network: {kind}")
        if kind == 'lstm':
            net = RecurrentBaseline(
                n_nodes=meta['n_nodes'],
                in_len=meta['in_len'],
                ahead=meta['ahead'],
                n_extra=meta['n_extra']
            )
            adj = None
        elif kind == 'gnn':
            net = GraphSpeedNet(
                n_nodes=meta['n_nodes'],
                in_len=meta['in_len'],
                ahead=meta['ahead'],
                n_extra=meta['n_extra']
            )
            adj = graph
        else:
            raise ValueError(f"no network called {kind}")
        
        print(f"weights: {sum(p.numel() for p in net.parameters()):,}")
        print(f"\n[4] fitting")
        net, fit_curve, hold_curve = self.fit(
            net, fit_loader, hold_loader, adj, epochs
        )
        print(f"\n[5] scoring")
        preds, truth, scores = self.score(
            net, test_loader, adj, prep.norm
        )
        print(f"\n[6] report")
        self.draw(preds, truth, fit_curve, hold_curve, scores)
        
        print(f"\ndone; figure in 'speed_forecast_report.png'")
        
        return net, preds, truth, scores


def main():
    """Command line entry"""
    parser = argparse.ArgumentParser(description='detector speed forecasting')
    parser.add_argument('--src', type=str, 
                       default=r'data/METR-LA',
                       help='folder or file with the speed table')
    parser.add_argument('--net', type=str, default='lstm', choices=['lstm', 'gnn'],
                       help='which network')
    parser.add_argument('--epochs', type=int, default=50, help='epochs')
    parser.add_argument('--batch_size', type=int, default=64, help='windows per batch')
    
    args = parser.parse_args()

    runner = SpeedForecastRun(args.src)
    net, preds, truth, scores = runner.run_all(
        kind=args.net,
        epochs=args.epochs,
        batch_size=args.batch_size
    )
    
    print("\n" + "="*60)
    print("RUN FINISHED")
    print("="*60)


if __name__ == '__main__':
    main()
