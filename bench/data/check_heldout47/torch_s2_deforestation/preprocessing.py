#
import os
import json
import rasterio
import geopandas as gpd
import matplotlib.pyplot as plt
from matplotlib.lines import Line2D
import numpy as np
import tifffile as tiff
import cv2
from PIL import Image, ImageDraw
from natsort import natsorted

class S2TileCurator:
    # per class: (plot colour, fill RGB, integer id)
    CLASS_PALETTE = {
    'none' : ('black', (0, 0, 0), 0), 
    'plantation' : ('red', (255, 0, 0), 1), 
    'grassland_shrubland' : ('green', (0, 255, 0), 2), 
    'mining' : ('blue', (0, 0, 255), 3), 
    'logging' : ('yellow', (255, 255, 0), 4) 
}   
    def __init__(self, is_training=True, use_satlas = True):
        # annotation polygons come from the JSON next to this file
        self.cwd_dir = os.getcwd()
        self.up_dir = os.path.split(self.cwd_dir)[0]
        self.TRAIN_TIF_DIR=self.up_dir+"/train_images"
        self.EVAL_TIF_DIR=self.up_dir+"/evaluation_images" 
        #
        with open('train_annotations.json', 'r') as file:
            self.anno_json = json.load(file)

        self.is_training=is_training
        self.use_satlas = use_satlas
        self.poly_index = {}
        self.train_tifs = [f for f in os.listdir(self.TRAIN_TIF_DIR) if f.endswith('.tif')]
        self.eval_tifs = [f for f in os.listdir(self.EVAL_TIF_DIR) if f.endswith('.tif')]
        for image in self.anno_json["images"]:
            shape_list=[]
            for poly_index in image["annotations"]:
                coords = np.array(poly_index['segmentation'])
                shape_list.append((poly_index["class"],coords))
            self.poly_index[image["file_name"]]=shape_list

    def to_feature_collection(self, data):
        """Turn the annotation entries into a GeoJSON-like dict of polygon features.





        """
        feat_list = []
        for entry in data:
            ring = []
            for i in range(0, len(entry['segmentation']), 2):
                ring.append([entry['segmentation'][i], entry['segmentation'][i+1]])
            feat_list.append({
                "type": "Feature",
                "geometry": {
                "type": "Polygon",
                "coordinates": [ring]
                },
                "properties": {"class": entry['class']}
            })
        return { "type": "FeatureCollection", "features": feat_list }
    
    def show_rgb_with_labels(self, n=10, start=0):
        #
        #
        out_dir = 'rgb_overlay'  
        for tile_no in range(start, n):
            png_name = os.path.join(out_dir, f'overlay_{tile_no}.png')
            if os.path.exists(png_name):
                print(f"{png_name} exists, skipped")
                continue
            # one tile of the chosen split
            tif_path_one = f'{self.TRAIN_TIF_DIR}/train_{tile_no}.tif' if self.is_training else f'{self.EVAL_TIF_DIR}/evaluation_{tile_no}.tif'
            anns = self.anno_json['images']
            by_name = {entry['file_name']: entry for entry in anns}
            anns = by_name[ f'train_{tile_no}.tif']['annotations']

            #
            
            #
            fc = self.to_feature_collection(anns)
            frame = gpd.GeoDataFrame.from_features(fc)
            #
            with rasterio.open(tif_path_one) as src:
                # bands 2,3,4 are B,G,R
                blue_b = src.read(2)
                green_b = src.read(3)
                red_b = src.read(4)
                #
                #
                #
                #
                rgb = np.dstack((red_b, green_b, blue_b))

                rgb = np.nan_to_num(rgb)

                # stretch to 0..1 for display
                rgb = rgb.astype(np.float32)
                rgb = (rgb - rgb.min()) / (rgb.max() - rgb.min())
                rgb = np.clip(rgb, 0, 1)

                fig, ax = plt.subplots(figsize=(10, 10))
                ax.imshow(rgb)
                
                for idx in range(len(frame)):
                    #
                    frame.iloc[[idx]].boundary.plot(ax=ax, color=S2TileCurator.CLASS_PALETTE[frame.iloc[idx]['class']][0])

                #
                handles_list = [Line2D([0], [0], marker='o', color='w', label=key,
                                            markerfacecolor=value[0], markersize=10) 
                                    for key, value in S2TileCurator.CLASS_PALETTE.items() 
                                    if key in frame['class'].unique()]
                ax.legend(handles=handles_list, loc='upper left', bbox_to_anchor=(1, 1))

                #
                plt.title(f'tile {tile_no}: RGB + polygons')

                #
                #
                #


    def read_with_nan_stats(self, tif_file):
        """Read every band of one tile and count its NaN pixels."""
        with rasterio.open(tif_file) as src:
            data = src.read()
            profile = src.meta.copy()
            nan_map = np.isnan(data)
            nan_info = {
                'total_pixels': data.size,
                'nan_count': np.count_nonzero(nan_map),
                'nan_percentage': (np.count_nonzero(nan_map)/data.size)*100
            }
        return data, profile, nan_info

    def inpaint_bands(self, data, method='open_cv_inpaint_telea', **kwargs):
        """Inpaint the NaN holes band by band."""
        patched = np.zeros_like(data)
        
        for b in range(data.shape[0]):
            band = data[b].copy()
            # cv2.inpaint wants float32/uint8 input
            band = band.astype(np.float32)
            mask = np.isnan(band).astype(np.uint8)
            
            if method == 'open_cv_inpaint_telea' or method == 'open_cv_inpaint_ns':
                # zeros where NaN, then inpaint in 8-bit
                band[mask == 1] = 0
                #
                band_scaled = cv2.normalize(band, None, 0, 255, cv2.NORM_MINMAX)
                band_u8 = band_scaled.astype(np.uint8)
                
                band_done = cv2.inpaint(
                    band_u8,
                    mask,
                    inpaintRadius=kwargs.get('inpaint_radius', 3),
                    flags=cv2.INPAINT_TELEA if method == 'open_cv_inpaint_telea' else cv2.INPAINT_NS
                )
                
                # back to the band's own value range
                band_done = band_done.astype(np.float32)
                band_done = cv2.normalize(band_done, None, np.min(band[~np.isnan(band)]), np.max(band[~np.isnan(band)]), cv2.NORM_MINMAX)
                
            patched[b] = band_done
        
        return patched
    
    def show_inpaint(self, start=0, n=1, first_band=1, last_band=12, method= "open_cv_inpaint_telea"):
        """Plot a raw band next to its inpainted version."""
        for idx in range(start, n):
            for band in range(first_band, last_band +1):
                tif_path_one = f'{self.TRAIN_TIF_DIR}/train_{idx}.tif' if self.is_training else f'{self.EVAL_TIF_DIR}/evaluation_{idx}.tif'
                with rasterio.open(tif_path_one) as src:
                    raw_band = src.read(band)
    
                #
                band_done = self.inpaint_bands(raw_band[np.newaxis, ...], method=method)[0]
                
                fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 5))
                im1 = ax1.imshow(raw_band, cmap='viridis')
                ax1.set_title('raw band (NaNs)')
                plt.colorbar(im1, ax=ax1)
                
                im2 = ax2.imshow(band_done, cmap='viridis')
                ax2.set_title(f'inpainted ({method})')
                plt.colorbar(im2, ax=ax2)
                
                plt.suptitle(f'train_{idx}.tif band {band}')
                plt.tight_layout()
                """ (disabled: save the comparison figure) 

                """
    
    def build_poly_index(self, anno_path='train_annotations.json'):
        with open(anno_path, 'r') as file:
            anno_doc = json.load(file)

        poly_index = {}

        for image in anno_doc["images"]:
            shape_list = []
            for ann in image["annotations"]:
                coords = np.array(ann['segmentation'])
                shape_list.append((ann["class"], coords))
            poly_index[image["file_name"]] = shape_list
        return poly_index
    
    def paint_masks(self, anno_path='train_annotations.json'):
        with open(anno_path, 'r') as file:
            anno_doc = json.load(file)
        shape = (1024, 1024)
        self.painted={}
        poly_index = self.build_poly_index(anno_path)
        
        for k_img in range(len(anno_doc['images'])):
            Image.MAX_IMAGE_PIXELS = None
            img = Image.new('RGB', (shape[1], shape[0]), (0, 0, 0))

            for i in range(len(poly_index[f"train_{k_img}.tif"])):

                poly = poly_index[f"train_{k_img}.tif"][i][1]
                driver_name= poly_index[f"train_{k_img}.tif"][i][0]

                points = list(zip(poly[::2], poly[1::2]))
                points = [(x, y) for x, y in points]
                color = S2TileCurator.CLASS_PALETTE[driver_name][1]
                ImageDraw.Draw(img).polygon(points, outline=None, fill=color)
            painted_arr = np.array(img)
            self.painted[f"train_{k_img}.tif"]=painted_arr
    
    def show_masks(self, start=0, n=10, anno_path='train_annotations.json'):
        self.paint_masks(anno_path)
        for i in range(start, n):
            fig, ax = plt.subplots(1, 1, figsize=(12, 8))
            plt.imshow(self.painted[f"train_{i}.tif"])

        #
            plt.subplots_adjust(right=0.85)
            
            #
            text_x = 1.02

            #
            for idx, (label, color) in enumerate(S2TileCurator.CLASS_PALETTE.items()):
                text_y = 0.9 - (idx * 0.1)
                plt.text(text_x, text_y, f'{label}', 
                        transform=ax.transAxes,
                        bbox=dict(facecolor=color[0], alpha=0.7, pad=5),
                        color='white' if color[0] in ['black', 'blue', 'red'] else 'black')

            plt.tight_layout()
    
    def masks_to_ids(self):
        """Map the painted RGB masks to integer class ids."""
        self.paint_masks()
        self.id_masks = np.empty((len(self.painted), 1024, 1024), dtype=np.uint8)

        colour_to_id = {
        tuple(v[1]): v[2]
        for k, v in S2TileCurator.CLASS_PALETTE.items()
    }

        for idx, paint in enumerate(self.painted.values()):
            # start from background
            ids = np.zeros(paint.shape[:2], dtype=np.uint8)
            
            #
            for (r, g, b), cid in colour_to_id.items():
                if cid == 0:
                    continue
                mask = (paint[:, :, 0] == r) & \
                    (paint[:, :, 1] == g) & \
                    (paint[:, :, 2] == b)
                ids[mask] = cid
                
            self.id_masks[idx] = ids  
    
    
    def scale_s2(self, tci, bands, batch_size=64):
        """Scale TCI and the extra bands chunk by chunk into a float32 array."""
        #
        n_tiles = tci.shape[0]
        height = tci.shape[2]
        width = tci.shape[3]
        
        # output holds TCI channels followed by the extra bands
        n_out = tci.shape[1] + bands.shape[1]
        scaled = np.empty((n_tiles, n_out, height, width), dtype=np.float32)
        
        # chunked normalisation
        for lo in range(0, n_tiles, batch_size):
            hi = min(lo + batch_size, n_tiles)
            
            #
            tci_chunk = tci[lo:hi]
            tci_lo = tci_chunk.min(axis=(2,3), keepdims=True)
            tci_span = tci_chunk.max(axis=(2,3), keepdims=True) - tci_lo
            tci_chunk = (tci_chunk - tci_lo) / tci_span
            
            #
            band_chunk = bands[lo:hi] / 8160.0
            np.clip(band_chunk, 0, 1, out=band_chunk)
            
            #
            scaled[lo:hi, :tci.shape[1]] = tci_chunk
            scaled[lo:hi, tci.shape[1]:] = band_chunk
            
            # drop the chunk references
            del tci_chunk
            del band_chunk
            
        return scaled

    def scale_reflectance(self, data):
        """Reflectance scaling: divide by 10000."""
        return data / 10000.0      

    def build_arrays(self, method='open_cv_inpaint_telea'):
        """Read all tiles, inpaint, stack, scale; build label masks for the training split."""
        images = self.train_tifs if self.is_training else self.eval_tifs
        self.cube = np.zeros((len(images), 12, 1024, 1024))
        for idx, img in enumerate(natsorted(images)):
            print('reading', img)
            input_path = f'{self.TRAIN_TIF_DIR}/{img}' if self.is_training else f'{self.EVAL_TIF_DIR}/{img}'
            data, profile, nan_info = self.read_with_nan_stats(input_path)
            patched = self.inpaint_bands(data, method=method)
            self.cube[idx] = patched

        if self.use_satlas:
            bands = [1, 2, 3, 4, 5, 6, 7, 10, 11]
            self.cube = self.cube[:, bands]
            self.cube = self.scale_s2(self.cube[:, 0:3], self.cube[:, 3:])
        else:
            self.cube = self.scale_reflectance(self.cube)
        if self.is_training:
            self.masks_to_ids()
            print("inpainting + label masks done")
            print("mask array:", self.id_masks.shape)
            

        
        print("cube array:", self.cube.shape)
      

    def dump_arrays(self):
        """Write the cube and the masks as .npy files."""
        cube_file = self.TRAIN_TIF_DIR + '/s2_cube.npy'
        mask_file = self.TRAIN_TIF_DIR + '/s2_masks.npy'
        np.save(cube_file, self.cube)
        np.save(mask_file, self.id_masks)
        print(f"cube written: {cube_file}")
        print(f"masks written: {mask_file}")


    def load_arrays(self):
        """Read the cube and the masks back from .npy."""
        self.cube = np.load(self.TRAIN_TIF_DIR + '/s2_cube.npy')
        self.id_masks = np.load(self.TRAIN_TIF_DIR + '/s2_masks.npy')
        print(f'arrays read (cwd {self.cwd_dir})')
        return self.cube, self.id_masks

