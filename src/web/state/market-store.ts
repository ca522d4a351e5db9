// The one selected market (spec §3), by market code such as `gb-en`; null until one is chosen.
import { create } from 'zustand';

export interface MarketState {
  market: string | null;
  setMarket: (market: string | null) => void;
}

export const useMarketStore = create<MarketState>()((set) => ({
  market: null,
  setMarket: (market) => set({ market }),
}));
