import {
  Activity, Archive, ArrowLeftRight, Bell, BookOpen, Boxes, Building, CalendarClock, ChartColumn, ChartLine, Banknote, BadgePercent,
  ClipboardList, FileText, FolderOpen, Gauge, HandCoins, Landmark, LayoutDashboard, ListTree, MessageSquare, NotebookPen,
  Package, Percent, Radar, Receipt, Settings, ShieldCheck, ShoppingCart, Target, TrendingUp, Users, Wallet, Calculator, Coins, BookText,
} from 'lucide-react';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

/** Sidebar icon per screen key. */
export const screenIcons: Record<string, Icon> = {
  dashboard: LayoutDashboard,
  activity: Activity,
  notifications: Bell,
  users: Users,
  'wallet-management': Wallet,
  'document-center': FolderOpen,
  kyc: ShieldCheck,
  'kyc-backup': Archive,
  waitlist: ClipboardList,
  communications: MessageSquare,
  properties: Building,
  investments: TrendingUp,
  'sip-allocation': CalendarClock,
  exchange: ArrowLeftRight,
  'property-books': BookText,
  distributions: Coins,
  fees: BadgePercent,
  'market-data': ChartLine,
  'data-trackers': Radar,
  settings: Settings,
  financial: Landmark,
  erp: Boxes,
  'accounting-ledger': BookOpen,
  'chart-of-accounts': ListTree,
  'journal-entries': NotebookPen,
  'cost-centers': Target,
  'cost-center-create': Target,
  'cost-center-reports': ChartColumn,
  'budget-management': Calculator,
  'financial-reports': FileText,
  invoicing: Receipt,
  purchase: ShoppingCart,
  inventory: Package,
  sales: HandCoins,
  tax: Percent,
  payroll: Banknote,
  'erp-dashboards': Gauge,
};
